#include "flexure/core/constraint.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene_settings.h"

namespace flexure {

namespace {

// The three registries below are the same keyed-factory map; these keep its rules in one place.
template <class Map, class Factory>
void addFactory(Map& factories, std::string key, Factory factory) {
  factories[std::move(key)] = std::move(factory);
}

template <class Map>
auto createFrom(const Map& factories, std::string_view key) -> decltype(factories.begin()->second()) {
  auto it = factories.find(key);
  return it == factories.end() ? nullptr : it->second();
}

template <class Map>
std::vector<std::string> keysOf(const Map& factories) {
  std::vector<std::string> out;
  for (const auto& entry : factories) out.push_back(entry.first);
  return out;
}

}  // namespace

NodeRegistry& NodeRegistry::instance() {
  static NodeRegistry registry;
  return registry;
}

NodeRegistry::NodeRegistry() { registerCoreNodeTypes(*this); }

void NodeRegistry::add(std::string type, Factory factory) { addFactory(factories_, std::move(type), std::move(factory)); }
std::unique_ptr<Node> NodeRegistry::create(std::string_view type) const { return createFrom(factories_, type); }
std::vector<std::string> NodeRegistry::types() const { return keysOf(factories_); }

ConstraintRegistry& ConstraintRegistry::instance() {
  static ConstraintRegistry registry;
  return registry;
}

void ConstraintRegistry::add(std::string kind, Factory factory) { addFactory(factories_, std::move(kind), std::move(factory)); }
std::unique_ptr<Constraint> ConstraintRegistry::create(std::string_view kind) const { return createFrom(factories_, kind); }
std::vector<std::string> ConstraintRegistry::kinds() const { return keysOf(factories_); }

SettingsRegistry& SettingsRegistry::instance() {
  static SettingsRegistry registry;
  return registry;
}

void SettingsRegistry::add(std::string kind, Factory factory) { addFactory(factories_, std::move(kind), std::move(factory)); }
std::unique_ptr<SettingsBlock> SettingsRegistry::create(std::string_view kind) const { return createFrom(factories_, kind); }

SceneSettings::SceneSettings(const SceneSettings& other) { *this = other; }

SceneSettings& SceneSettings::operator=(const SceneSettings& other) {
  if (this == &other) return *this;
  blocks_.clear();
  for (const auto& [k, b] : other.blocks_) blocks_[k] = b->clone();
  return *this;
}

SettingsBlock* SceneSettings::find(std::string_view kind) const {
  auto it = blocks_.find(kind);
  return it == blocks_.end() ? nullptr : it->second.get();
}

void SceneSettings::set(std::unique_ptr<SettingsBlock> block) {
  std::string kind(block->kind());
  blocks_[kind] = std::move(block);
}

}  // namespace flexure
