#pragma once
// Scene fragments: a set of parts taken out of one scene as a scene of their own, and put into
// another (or the same) scene under fresh names. The clipboard (copy, cut, paste), Duplicate
// (Shift+D) and scripts (`scene.duplicate`, `scene.export_fragment`, `scene.import_fragment`)
// all go through these functions; io/fragment_file.h writes and reads a fragment as scene-file
// JSON text (docs/scene-format.md, "Fragments").
//
// A fragment holds, for the named nodes:
//   - each node with its whole sub-tree, its Ψ values, frozen flags and bounds;
//   - every node a copied node reads (Node::dependencies: a sweep's profile and path curves, a
//     metaball skeleton's curve), with its sub-tree, as a root of its own, transitively;
//   - the constraints among the copied nodes (every kind: they are copied through the
//     registry's clone, whatever their family);
//   - what settings blocks hold for those nodes and constraints (keyframe tracks,
//     SettingsBlock::partFor);
// and, depending on FragmentOptions::crossing, the constraints that join a copied node to a
// node that is not copied.
//
// Inserting renames whatever clashes with the scene the Blender way (copy_name.h: "fixed-a" ->
// "fixed-a.001"), nodes and constraints alike, and renames every reference inside the fragment
// with them (scene_renaming.h), so a copy never refers to an original: only a crossing
// constraint kept on purpose still names the uncopied part.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "flexure/core/scene.h"
#include "flexure/core/scene_settings.h"

namespace flexure {

// What becomes of a constraint that joins a copied node to a node that is not copied.
enum class CrossingConstraints {
  // Left out of the fragment (the default): a copy comes free, with only the constraints among
  // the copied parts. A copy of a fixed pipe is a second fixed pipe, not a second anchor for the
  // bent pipe; a copy of a chain link is not hinged onto its original's neighbour.
  Drop,
  // Kept, still naming the uncopied node by its name: the copy hangs on the same part as its
  // original. Pasted into a scene that has no node of that name, it is left out
  // (InsertedFragment::leftOut).
  Keep,
};

struct FragmentOptions {
  CrossingConstraints crossing = CrossingConstraints::Drop;
};

// The roots of the fragment of `names` in `scene`: the named nodes whose ancestors are not
// named, and the nodes they read that are not inside them, in the scene's depth-first order.
// Throws std::invalid_argument for a name that is no node, or the root.
std::vector<const Node*> fragmentRoots(const Scene& scene, const std::vector<std::string>& names);

// A new scene holding copies of the fragment of `names` (see above): its top-level nodes are
// the copies of fragmentRoots(scene, names), in that order, with the same names. Its nodes'
// references are resolved within it; its constraints may name nodes it does not hold (kept
// crossing constraints), so they are resolved only where it is inserted.
std::unique_ptr<Scene> extractFragment(const Scene& scene, const std::vector<std::string>& names,
                                       const FragmentOptions& options = {});

// Where a root of a fragment goes: under `parent` (the scene root when null), at `position`
// among its children (-1: last), or, when `after` is set, right after that child of `parent`.
struct FragmentPlacement {
  Node* parent = nullptr;
  int position = -1;
  const Node* after = nullptr;
};

struct InsertedFragment {
  std::vector<std::string> roots;        // the added top nodes, in the fragment's order (final names)
  std::vector<std::string> constraints;  // the added constraints (final names)
  std::vector<std::string> leftOut;      // crossing constraints whose uncopied node the scene lacks
  SceneRenames renames;                  // fragment name -> name in the scene, where they differ
  std::vector<std::string> warnings;     // settings of the fragment the scene does not take, ...
};

// A constraint of the fragment that does not resolve in the scene it is pasted into (a kept
// crossing constraint whose node there is of another type): the import is refused. `index` is
// the constraint's index in the fragment as it was handed to insertFragment, so a reader can
// name where it was written.
class FragmentConstraintError : public std::runtime_error {
 public:
  FragmentConstraintError(std::size_t index, const std::string& message) : std::runtime_error(message), index_(index) {}
  std::size_t index() const { return index_; }

 private:
  std::size_t index_;
};

// Moves the content of `fragment` (from extractFragment or io's readFragment) into `scene`:
// names that clash are renamed with every reference to them, each top-level node goes where
// its placement says (one placement for all, or one per root), its Ψ entries with it; the
// constraints are appended; settings parts are merged (SettingsBlock::mergePart; the scene's
// own settings are never replaced). All or nothing: a constraint that does not resolve throws
// FragmentConstraintError, a placement under a primitive std::invalid_argument, and `scene`
// is then exactly as it was. `fragment` is emptied either way.
InsertedFragment insertFragment(Scene& scene, Scene& fragment, const std::vector<FragmentPlacement>& placements = {});

// Duplicate (Shift+D): the fragment of `names` inserted into the same scene, each copy right
// after its original under the same parent, so it keeps its original's world placement. The
// copies and the constraints among them are renamed (".001"); see FragmentOptions for the
// constraints that join a copied node to an uncopied one.
InsertedFragment duplicateNodes(Scene& scene, const std::vector<std::string>& names, const FragmentOptions& options = {});

}  // namespace flexure
