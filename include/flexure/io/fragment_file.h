#pragma once
// Scene fragments as text: the clipboard's language (copy, cut, paste between windows, documents
// and text editors) and `scene.export_fragment` / `scene.import_fragment` in Python. A fragment
// is written in the scene file's own language (docs/scene-format.md, "Fragments"):
//
//   {"format": "flexure-fragment", "version": 1, "nodes": [...], "constraints": [...],
//    "settings": {"timeline": {"tracks": [...]}}}
//
// with the nodes, constraints and settings parts that core/scene_fragment.h chooses. Reading
// goes through the scene loader (the same checks, warnings and located errors), and a whole
// scene file is accepted as a fragment too: its camera and description are ignored, and its
// settings only give what belongs to its parts (keyframe tracks).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "flexure/core/scene_fragment.h"
#include "flexure/io/scene_file.h"

namespace flexure {

inline constexpr std::string_view kFragmentFormatName = "flexure-fragment";

// The fragment of `names` (extractFragment) as JSON text. The version is the scene format's
// (kSceneFormatVersion): a fragment is that language. Throws std::invalid_argument for a name
// that is no node, SaveError for a value that cannot be written (NaN in Ψ).
std::string exportFragment(const Scene& scene, const std::vector<std::string>& names, const FragmentOptions& options = {});
// A fragment scene (from extractFragment) as text.
std::string fragmentToString(const Scene& fragment);

struct FragmentImportOptions {
  Node* parent = nullptr;                 // where the fragment's top nodes go (the scene root when null)
  int position = -1;                      // among the parent's children (-1: last)
  std::string sourceName = "<fragment>";  // for messages: "<clipboard>:3:14: nodes[0].type: ..."
  std::string baseDirectory;              // resolves relative mesh sources (the document's folder)
};

// Fragment text read and checked by the scene loader, not yet pasted: the fragment as a scene
// of its own (its constraints that name nodes outside it not yet resolved), the loader's
// warnings, and where each constraint was written.
struct FragmentText {
  std::unique_ptr<Scene> fragment;
  std::vector<LoadWarning> warnings;
  std::vector<std::pair<FileLocation, std::string>> constraintLocations;  // position, JSON path
};
// Throws LoadError (file, line, column, JSON path) for text that is not a valid fragment.
FragmentText readFragment(std::string_view text, const std::string& sourceName = "<fragment>",
                          const std::string& baseDirectory = "");

struct ImportedFragment : InsertedFragment {
  std::vector<LoadWarning> loadWarnings;  // what the loader warned about (unknown keys, ...)
};

// Pastes a fragment read by readFragment into `scene` (insertFragment), under `parent` at
// `position`. A constraint that does not resolve in `scene` throws LoadError at the place it
// was written, and `scene` is untouched. `read` is consumed.
ImportedFragment pasteFragment(Scene& scene, FragmentText& read, Node* parent = nullptr, int position = -1);

// readFragment and pasteFragment in one: all or nothing, LoadError for invalid text and
// `scene` then byte-identical when saved. A parent that is a primitive throws
// std::invalid_argument before the text is read.
ImportedFragment importFragment(Scene& scene, std::string_view text, const FragmentImportOptions& options = {});

}  // namespace flexure
