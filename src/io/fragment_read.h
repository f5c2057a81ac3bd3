#pragma once
// The scene reader in fragment mode (scene_reader.cpp), for fragment_file.cpp: the fragment as a
// scene of its own, its warnings, and where each constraint was written.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "flexure/io/scene_file.h"

namespace flexure::io_detail {

struct FragmentRead {
  std::unique_ptr<Scene> scene;
  std::vector<LoadWarning> warnings;
  std::vector<std::pair<FileLocation, std::string>> constraintLocations;  // per constraint: position, JSON path
};

// Reads fragment text ("format": "flexure-fragment", or a whole scene file) with the scene
// loader's checks and located errors (LoadError); constraints naming nodes outside the fragment
// are left unresolved.
FragmentRead readFragmentText(std::string_view text, const std::string& sourceName, const std::string& baseDirectory);

}  // namespace flexure::io_detail
