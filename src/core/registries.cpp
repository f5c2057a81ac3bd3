#include "flexure/core/constraint.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene_settings.h"

namespace flexure {

NodeRegistry& NodeRegistry::instance() {
  static NodeRegistry registry;
  return registry;
}

NodeRegistry::NodeRegistry() { registerCoreNodeTypes(*this); }

void NodeRegistry::add(std::string type, Factory factory) { factories_[std::move(type)] = std::move(factory); }

std::unique_ptr<Node> NodeRegistry::create(std::string_view type) const {
  auto it = factories_.find(type);
  return it == factories_.end() ? nullptr : it->second();
}

std::vector<std::string> NodeRegistry::types() const {
  std::vector<std::string> out;
  for (const auto& [k, f] : factories_) out.push_back(k);
  return out;
}

ConstraintRegistry& ConstraintRegistry::instance() {
  static ConstraintRegistry registry;
  return registry;
}

void ConstraintRegistry::add(std::string kind, Factory factory) { factories_[std::move(kind)] = std::move(factory); }

std::unique_ptr<Constraint> ConstraintRegistry::create(std::string_view kind) const {
  auto it = factories_.find(kind);
  return it == factories_.end() ? nullptr : it->second();
}

std::vector<std::string> ConstraintRegistry::kinds() const {
  std::vector<std::string> out;
  for (const auto& [k, f] : factories_) out.push_back(k);
  return out;
}

SettingsRegistry& SettingsRegistry::instance() {
  static SettingsRegistry registry;
  return registry;
}

void SettingsRegistry::add(std::string kind, Factory factory) { factories_[std::move(kind)] = std::move(factory); }

std::unique_ptr<SettingsBlock> SettingsRegistry::create(std::string_view kind) const {
  auto it = factories_.find(kind);
  return it == factories_.end() ? nullptr : it->second();
}

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
