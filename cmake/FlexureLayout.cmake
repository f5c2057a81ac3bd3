# The installed layout (docs/install.md), decided before the sources are configured because the
# programs carry its relative paths (src/io/installed_resources.cpp) and the version and desktop id
# (src/core/version.cpp).
#
#   PREFIX/bin/flexure, PREFIX/bin/flexure-cli
#   PREFIX/share/flexure/scenes/          example scenes, their meshes (meshes/) and .dcl sources
#   PREFIX/share/doc/flexure/             docs/ with its images, LICENSE as `copyright`
#   PREFIX/share/applications/, icons/hicolor/, mime/packages/, metainfo/, man/man1/

# The reverse-DNS id naming the desktop entry, icon, AppStream and MIME files. Flexure owns no
# domain yet: if it gets one, change it here only (and keep the old desktop file name in mind:
# users' file associations point at it).
set(FLEXURE_APP_ID "org.flexure.Flexure")
# The file type of scene files (packaging/flexure-mime.xml).
set(FLEXURE_SCENE_MIME_TYPE "application/x-flexure-scene")
# The date of the release numbered in project(VERSION ...), for the AppStream <release>.
set(FLEXURE_RELEASE_DATE "2026-11-24")

# share/doc/flexure, not GNUInstallDirs' default share/doc/Flexure (the project's name): Debian
# wants the documentation folder named after the package.
set(CMAKE_INSTALL_DOCDIR "share/doc/flexure" CACHE PATH "Documentation (share/doc/flexure)")
include(GNUInstallDirs)
set(FLEXURE_INSTALL_SCENESDIR "${CMAKE_INSTALL_DATADIR}/flexure/scenes")

# The paths from bin/ to the data folders, relative, compiled into the programs.
file(RELATIVE_PATH FLEXURE_SCENES_FROM_BINDIR "${CMAKE_INSTALL_FULL_BINDIR}" "${CMAKE_INSTALL_FULL_DATADIR}/flexure/scenes")
file(RELATIVE_PATH FLEXURE_DOCS_FROM_BINDIR "${CMAKE_INSTALL_FULL_BINDIR}" "${CMAKE_INSTALL_FULL_DOCDIR}")

# The build tree mirrors that layout with links to the source folders, so build/bin/flexure finds
# the example scenes and the documentation by the same relative paths as an installed one.
foreach(pair "scenes;${FLEXURE_SCENES_FROM_BINDIR}" "docs;${FLEXURE_DOCS_FROM_BINDIR}")
  list(GET pair 0 source_folder)
  list(GET pair 1 from_bindir)
  cmake_path(ABSOLUTE_PATH from_bindir BASE_DIRECTORY "${PROJECT_BINARY_DIR}/bin" NORMALIZE OUTPUT_VARIABLE link)
  # Only inside the build tree: a custom layout whose data lies outside bin/.. gets no link.
  cmake_path(IS_PREFIX PROJECT_BINARY_DIR "${link}" NORMALIZE link_in_build_tree)
  if(link_in_build_tree AND NOT EXISTS "${link}" AND NOT IS_SYMLINK "${link}")
    cmake_path(GET link PARENT_PATH link_parent)
    file(MAKE_DIRECTORY "${link_parent}")
    file(CREATE_LINK "${PROJECT_SOURCE_DIR}/${source_folder}" "${link}" SYMBOLIC)
  endif()
endforeach()
