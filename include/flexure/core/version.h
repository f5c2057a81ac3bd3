#pragma once
// The identity of this build, set in one place: the top-level CMakeLists.txt (project(VERSION ...)
// and FLEXURE_APP_ID). The desktop entry, the AppStream file, the Debian package and both programs'
// --version all read it from there.
#include <string_view>

namespace flexure {

// "0.1.0": the version of project() in the top-level CMakeLists.txt.
std::string_view versionString();

// "org.flexure.Flexure": the reverse-DNS id that names the installed desktop entry, icon,
// AppStream and MIME files (docs/install.md). Qt's QGuiApplication::setDesktopFileName wants it.
std::string_view applicationId();

}  // namespace flexure
