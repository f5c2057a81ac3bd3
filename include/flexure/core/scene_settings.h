#pragma once
// Per-module settings stored with the scene ("rigid": gravity and time step, "timeline": frame
// range, ...). Each module registers a settings block kind; a scene holds at most one block
// of each kind. Same pattern as constraints: fields through FieldVisitor, clone for copies.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/field_visitor.h"
#include "flexure/core/vec.h"

namespace flexure {

class Scene;

// Names of nodes and of constraints: what an edit takes away, or what a fragment holds.
struct SceneNames {
  std::set<std::string, std::less<>> nodes;
  std::set<std::string, std::less<>> constraints;
};

// Old name -> new name, for nodes and for constraints.
struct SceneRenames {
  std::map<std::string, std::string, std::less<>> nodes;
  std::map<std::string, std::string, std::less<>> constraints;
};

// A floor a module's settings define ({X : normal · X = offset}, normal pointing up, not
// necessarily unit): where solids rest, and where the viewport lays its ground grid.
struct FloorPlane {
  Vec3d normal;
  double offset = 0.0;
};

class SettingsBlock {
 public:
  virtual ~SettingsBlock() = default;
  virtual std::string_view kind() const = 0;
  virtual std::unique_ptr<SettingsBlock> clone() const = 0;
  virtual void visitFields(FieldVisitor&) = 0;
  // The floor this block switches on, if any (the rigid settings' ground plane).
  virtual std::optional<FloorPlane> floor() const { return std::nullopt; }

  // A block may refer to nodes and constraints by name (the timeline's keyframe tracks target
  // "<node>.<slot>" and "constraint:<name>.<field>"). Structural edits in core (delete several,
  // paste, duplicate, rename: node_removal.h, scene_fragment.h, node_renaming.h) keep those
  // references right through these four functions without naming the module that owns the
  // block. `scene` is the scene in which the names still resolve (before the edit), so a block
  // can tell "a.001.x" (slot x of node a.001) from a slot "001.x" of node a. Blocks that refer
  // to nothing keep the defaults.
  //
  // Removes what belongs to `gone`; true when anything was removed.
  virtual bool forgetReferences(const Scene& scene, const SceneNames& gone) {
    (void)scene, (void)gone;
    return false;
  }
  // Rewrites references to renamed nodes and constraints.
  virtual void renameReferences(const Scene& scene, const SceneRenames& renames) { (void)scene, (void)renames; }
  // A new block of this kind holding only what belongs to `parts` (the tracks of their
  // parameters and constraints), or null when nothing does: what a scene fragment carries.
  virtual std::unique_ptr<SettingsBlock> partFor(const Scene& scene, const SceneNames& parts) const {
    (void)scene, (void)parts;
    return nullptr;
  }
  // Adds a part (a block of this kind read from a fragment, already renamed) to this block.
  // Returns false when nothing was taken: the part held nothing, or blocks of this kind have no
  // parts (their settings are the scene's own: gravity, a frame range).
  virtual bool mergePart(const SettingsBlock& part) {
    (void)part;
    return false;
  }
};

class SceneSettings {
 public:
  SceneSettings() = default;
  SceneSettings(const SceneSettings& other);
  SceneSettings& operator=(const SceneSettings& other);
  SceneSettings(SceneSettings&&) = default;
  SceneSettings& operator=(SceneSettings&&) = default;

  SettingsBlock* find(std::string_view kind) const;
  // The block of type T (T::kKind), created with defaults if absent.
  template <class T>
  T& get() {
    if (SettingsBlock* b = find(T::kKind)) return static_cast<T&>(*b);
    auto owned = std::make_unique<T>();
    T& ref = *owned;
    set(std::move(owned));
    return ref;
  }
  template <class T>
  const T* tryGet() const { return static_cast<const T*>(find(T::kKind)); }
  void set(std::unique_ptr<SettingsBlock> block);
  const std::map<std::string, std::unique_ptr<SettingsBlock>, std::less<>>& blocks() const { return blocks_; }

 private:
  std::map<std::string, std::unique_ptr<SettingsBlock>, std::less<>> blocks_;
};

class SettingsRegistry {
 public:
  using Factory = std::function<std::unique_ptr<SettingsBlock>()>;
  static SettingsRegistry& instance();
  void add(std::string kind, Factory factory);
  std::unique_ptr<SettingsBlock> create(std::string_view kind) const;

 private:
  std::map<std::string, Factory, std::less<>> factories_;
};

}  // namespace flexure
