#pragma once
// Pointers held by nodes and constraints (paths, profiles) are looked up again after every
// structural edit or its undo; the references were checked before the edit, so this does not
// fail, and a command has no way to report it if it did.
#include "flexure/core/scene.h"

namespace flexure::app {

inline void resolveReferencesQuietly(Scene& scene) {
  try {
    scene.resolveReferences();
  } catch (const std::exception&) {
  }
}

}  // namespace flexure::app
