#pragma once
// The state of a scene at one solved frame, small enough to cache hundreds of frames: Ψ values,
// each constraint's weight and enabled flag, and the non-parameter fields of every node and
// constraint (through visitFields: a solid's velocity, a curve's nails ...) in a compact binary
// form. Fields equal to those of a base snapshot (normally the scene's initial state) share the
// base's bytes, so static data (a mesh's source file, names, references) costs nothing per
// frame, and a blob that differs from the base in a few bytes (a velocity among static fields)
// is stored as a patch of the differing byte runs. Meshes and tessellations are never stored.
//
// A frame's snapshot is a set of changes to its base. Restoring it onto a *newer* base (the
// initial state after an edit that kept this frame valid, e.g. a constraint edited whose active
// interval starts later) applies the same changes to the newer base: Ψ and the dynamic bytes
// come from the frame, everything the solvers did not touch (the edited constraint's fields,
// constraint weights and enabled flags) from the newer base. Restoring re-reads the fields of
// only those nodes and constraints whose current fields differ, so it never reloads static
// data. Doubles are stored bit for bit.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace flexure {

class Scene;

class SceneSnapshot {
 public:
  SceneSnapshot() = default;
  // Captures the scene's state; blobs equal to `base`'s are shared with it.
  static SceneSnapshot capture(Scene& scene, const SceneSnapshot* base = nullptr);
  // Writes the state back; throws std::logic_error if the scene's structure (nodes, Ψ layout,
  // constraints) is not the one captured. With `base`, the fields this snapshot shares with or
  // patches over its own base are taken from / patched over `base` instead, and constraint
  // weights and enabled flags come from `base` (keyed ones are re-applied by the caller).
  void restore(Scene& scene, const SceneSnapshot* base = nullptr) const;
  // Same structure and every object's serialized fields of the same size: a frame captured
  // against one of them can be restored onto the other.
  bool sameLayout(const SceneSnapshot& other) const;

  bool empty() const { return structure_ == 0 && psi_.empty(); }
  // Bytes this snapshot owns (shared blobs are counted by their owner).
  std::size_t bytes() const { return bytes_; }
  // A hash of node names and types, Ψ layout and constraint names and kinds.
  std::uint64_t structure() const { return structure_; }
  const std::vector<double>& psi() const { return psi_; }
  // Bitwise equality of the state (Ψ, weights, flags, fields).
  bool sameState(const SceneSnapshot& other) const;

  static std::uint64_t structureOf(const Scene& scene);

 private:
  // One object's serialized fields: the base's bytes (shared), optionally patched by runs of
  // [uint32 offset][uint32 length][bytes], or the full bytes when the sizes differ.
  struct Blob {
    std::shared_ptr<const std::string> base;
    std::string patch;
    bool relative = false;  // equal to or patched over the base snapshot's blob
    std::string bytes() const;
    std::string bytesOver(const std::string& otherBase) const;
  };
  std::uint64_t structure_ = 0;
  std::vector<double> psi_;
  std::vector<double> weights_;
  std::vector<char> enabled_;
  // The serialized fields of a list of objects. A full snapshot (no base) holds every object's
  // blob in `all`; a frame snapshot shares its base's `all` and holds only the objects that
  // differ from it in `changed`, so an unchanged object costs nothing per frame.
  struct Objects {
    std::shared_ptr<const std::vector<Blob>> all;
    std::vector<std::pair<std::uint32_t, Blob>> changed;  // sorted by index
    bool full = true;
    std::size_t size() const { return all ? all->size() : 0; }
    // Object i's blob: its changed entry, or (frame snapshot) the base's blob marked relative.
    Blob at(std::size_t i) const;
  };
  Objects nodeFields_;        // one per node, depth first, root included
  Objects constraintFields_;  // one per constraint
  std::size_t bytes_ = 0;
};

}  // namespace flexure
