#pragma once
// One entry point for "open this file": a format registered in ImporterRegistry by its
// extension (.obj, the rigid module's description files) is imported into a fresh Scene;
// anything else is read as a Flexure scene file. All-or-nothing either way.
#include <string>

#include "flexure/io/scene_file.h"

namespace flexure {

LoadResult openSceneFile(const std::string& path);

}  // namespace flexure
