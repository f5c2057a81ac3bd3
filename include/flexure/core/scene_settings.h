#pragma once
// Per-module settings stored with the scene ("rigid": gravity and time step, "timeline": frame
// range, ...). Each module registers a settings block kind; a scene holds at most one block
// of each kind. Same pattern as constraints: fields through FieldVisitor, clone for copies.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/field_visitor.h"
#include "flexure/core/vec.h"

namespace flexure {

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
