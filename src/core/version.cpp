#include "flexure/core/version.h"

// Both come from the top-level CMakeLists.txt through src/core/CMakeLists.txt; only this file
// sees them, so a version bump recompiles one file.
#ifndef FLEXURE_VERSION
#error "FLEXURE_VERSION must be defined by the build (project(VERSION ...))"
#endif
#ifndef FLEXURE_APP_ID
#error "FLEXURE_APP_ID must be defined by the build"
#endif

namespace flexure {

std::string_view versionString() { return FLEXURE_VERSION; }

std::string_view applicationId() { return FLEXURE_APP_ID; }

}  // namespace flexure
