# What `cmake --install` puts where and the Debian package CPack makes of it (docs/install.md).
# The layout's folders and the desktop id are set in cmake/FlexureLayout.cmake.

set(flexure_packaging_dir "${PROJECT_SOURCE_DIR}/packaging")

# --- programs ---------------------------------------------------------------------------------
install(TARGETS flexure-cli RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(TARGET flexure)
  install(TARGETS flexure RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
endif()

# --- example scenes and documentation -----------------------------------------------------------
# The whole scenes/ folder: the scenes name their meshes relative to themselves
# ("source": "meshes/pot.obj"), so meshes/ keeps its place beside them, and the .dcl sources of
# the generated rigid scenes come along.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/scenes/" DESTINATION "${FLEXURE_INSTALL_SCENESDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
# Debian wants the licence as share/doc/PACKAGE/copyright.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}" RENAME copyright)

# --- desktop integration (only with the desktop application) ----------------------------------
if(TARGET flexure)
  configure_file("${flexure_packaging_dir}/flexure.desktop.in" "${PROJECT_BINARY_DIR}/packaging/${FLEXURE_APP_ID}.desktop" @ONLY)
  configure_file("${flexure_packaging_dir}/flexure.metainfo.xml.in"
                 "${PROJECT_BINARY_DIR}/packaging/${FLEXURE_APP_ID}.metainfo.xml" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/packaging/${FLEXURE_APP_ID}.desktop"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
  install(FILES "${PROJECT_BINARY_DIR}/packaging/${FLEXURE_APP_ID}.metainfo.xml"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
  install(FILES "${flexure_packaging_dir}/flexure-mime.xml" DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages"
          RENAME "${FLEXURE_APP_ID}.xml")
  # The icon: the hand-drawn SVG and PNGs rendered from it (tools/render-icons.sh).
  install(FILES "${flexure_packaging_dir}/icons/flexure.svg" DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps"
          RENAME "${FLEXURE_APP_ID}.svg")
  foreach(size 16 32 48 64 128 256)
    install(FILES "${flexure_packaging_dir}/icons/flexure-${size}.png"
            DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps" RENAME "${FLEXURE_APP_ID}.png")
  endforeach()
endif()

# --- man pages, written by help2man from the programs' own --help and --version -----------------
# Part of `all`; `cmake --build build --target flexure-man` builds them with both programs.
# Compressed (gzip -n: no time stamp, so the package is reproducible), as Debian's policy wants.
find_program(FLEXURE_HELP2MAN help2man)
if(FLEXURE_HELP2MAN)
  set(man_dir "${PROJECT_BINARY_DIR}/man")
  # The programs may be sanitizer builds (tools/run-tests.sh): a leak report at exit would make
  # help2man fail on an exit code that says nothing about --help.
  set(run_quietly "${CMAKE_COMMAND}" -E env ASAN_OPTIONS=detect_leaks=0)
  add_custom_command(
    OUTPUT "${man_dir}/flexure-cli-verbs.h2m"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
    COMMAND ${run_quietly} sh "${flexure_packaging_dir}/man/cli-verbs-section.sh" "$<TARGET_FILE:flexure-cli>"
            "${man_dir}/flexure-cli-verbs.h2m"
    DEPENDS flexure-cli "${flexure_packaging_dir}/man/cli-verbs-section.sh"
    COMMENT "Collecting flexure-cli VERB --help for the man page" VERBATIM)
  add_custom_command(
    OUTPUT "${man_dir}/flexure-cli.1.gz"
    COMMAND ${run_quietly} "${FLEXURE_HELP2MAN}" --no-info --section=1
            "--name=headless Flexure: check, inspect, solve, animate, export and render scenes"
            "--include=${man_dir}/flexure-cli-verbs.h2m" "--include=${flexure_packaging_dir}/man/flexure-cli.h2m"
            "--output=${man_dir}/flexure-cli.1" "$<TARGET_FILE:flexure-cli>"
    COMMAND gzip -9nf "${man_dir}/flexure-cli.1"
    DEPENDS flexure-cli "${man_dir}/flexure-cli-verbs.h2m" "${flexure_packaging_dir}/man/flexure-cli.h2m"
    COMMENT "Writing the flexure-cli(1) man page with help2man" VERBATIM)
  set(man_pages "${man_dir}/flexure-cli.1.gz")
  if(TARGET flexure)
    add_custom_command(
      OUTPUT "${man_dir}/flexure.1.gz"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${man_dir}"
      COMMAND ${run_quietly} "${FLEXURE_HELP2MAN}" --no-info --section=1
              "--name=model and animate with constraints (desktop application)"
              "--include=${flexure_packaging_dir}/man/flexure.h2m" "--output=${man_dir}/flexure.1" "$<TARGET_FILE:flexure>"
      COMMAND gzip -9nf "${man_dir}/flexure.1"
      DEPENDS flexure "${flexure_packaging_dir}/man/flexure.h2m"
      COMMENT "Writing the flexure(1) man page with help2man" VERBATIM)
    list(APPEND man_pages "${man_dir}/flexure.1.gz")
  endif()
  add_custom_target(flexure-man ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
else()
  message(WARNING "help2man not found (Debian package help2man): no man pages are built or installed")
endif()

# --- Python module (python/) ----------------------------------------------------------------------
# Hook for the pybind11 module built in python/: when it exists, install its target here, into
# FLEXURE_INSTALL_PYTHONDIR, so the same `cmake --install` and the .deb carry it, e.g.
#   install(TARGETS <module target> LIBRARY DESTINATION "${FLEXURE_INSTALL_PYTHONDIR}")
# Debian's interpreter searches /usr/lib/python3/dist-packages (the .deb's prefix is /usr); for
# `--prefix /usr/local`, pass -DFLEXURE_INSTALL_PYTHONDIR=lib/python3.11/dist-packages.
set(FLEXURE_INSTALL_PYTHONDIR "lib/python3/dist-packages" CACHE PATH
    "Where `cmake --install` puts the Python module, relative to the prefix")

# --- the Debian package: cpack -G DEB in the build folder -------------------------------------------
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "flexure")
set(CPACK_PACKAGE_VENDOR "The Flexure authors")
set(CPACK_PACKAGE_CONTACT "Flexure developers <dev@flexure.invalid>")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "modeling and animating with constraints")
set(CPACK_PACKAGE_DESCRIPTION
    "Flexure builds models from parameterized primitives and deformation operators, lets you\n"
    "state what must hold, and moves the parameters while you drag parts so that it keeps\n"
    "holding: energy constraints (Witkin, Fleischer and Barr 1987), displacement constraints\n"
    "between solids (Gascuel and Gascuel 1994), minimal-energy spline curves (Chen and Wu) and\n"
    "generalized-metaball space deformation (Jin, Li and Peng 2000). The package holds the\n"
    "desktop application, the command-line program flexure-cli, example scenes and the manual.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_SECTION "graphics")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
# Dependencies computed from the binaries (dpkg-shlibdeps), so apt pulls exactly what they link.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Mesa's drivers, which OpenGL loads at run time, need no entry: libegl1 depends on libegl-mesa0
# and libglx0 on libglx-mesa0 → libgl1-mesa-dri; Qt's X11 plugin is in libqt6gui6 itself.
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")  # flexure_VERSION_ARCH.deb
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)  # the manual's debug builds carry debug info a package does not need
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
include(CPack)
