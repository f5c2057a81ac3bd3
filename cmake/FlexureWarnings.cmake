# Warnings every Flexure target compiles with. They are meant to be read, not silenced.
function(flexure_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wnon-virtual-dtor
                                             -Woverloaded-virtual -Wimplicit-fallthrough)
  endif()
endfunction()
