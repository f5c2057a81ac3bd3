#include "flexure/core/scene.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "flexure/core/operators/group.h"

namespace flexure {

namespace {

void collect(Node& n, std::vector<Node*>& out) {
  out.push_back(&n);
  for (const auto& c : n.children()) collect(*c, out);
}

// The first node named `name` in the order of collect, without building the list (constraints
// resolve their nodes by name: a list per lookup made loading 10 000 nodes quadratic).
const Node* findIn(const Node& n, std::string_view name) {
  if (n.name() == name) return &n;
  for (const auto& c : n.children())
    if (const Node* found = findIn(*c, name)) return found;
  return nullptr;
}

std::unique_ptr<Node> cloneSubtree(const Node& n) {
  std::unique_ptr<Node> copy = n.cloneNode();
  copy->setName(n.name());
  for (const auto& c : n.children()) copy->addChild(cloneSubtree(*c));
  return copy;
}

// Values, flags and bounds of each (node, slot), so they survive a re-layout of Ψ.
using SavedParameters = std::map<std::pair<const Node*, std::string>, std::pair<double, ParameterInfo>>;

SavedParameters saveParameters(const ParameterTable& table) {
  SavedParameters saved;
  for (int i = 0; i < table.size(); ++i) saved[{table.info(i).owner, table.info(i).slot}] = {table.value(i), table.info(i)};
  return saved;
}

void restoreParameters(const SavedParameters& saved, ParameterTable& table) {
  for (int i = 0; i < table.size(); ++i) {
    auto it = saved.find({table.info(i).owner, table.info(i).slot});
    if (it == saved.end()) continue;
    table.setValue(i, it->second.first);
    table.info(i) = it->second.second;
  }
}

}  // namespace

Scene::Scene() : root_(std::make_unique<GroupOperator>()) { root_->setName("root"); }
Scene::~Scene() = default;

std::string Scene::uniqueName(std::string_view base) const {
  std::string stem(base.empty() ? "node" : base);
  if (!find(stem)) return stem;
  for (int i = 1;; ++i) {
    std::string candidate = stem + "." + std::to_string(i);
    if (!find(candidate)) return candidate;
  }
}

Node& Scene::add(std::unique_ptr<Node> node, Node* parent, int position) {
  if (!node) throw std::invalid_argument("Scene::add: null node");
  std::vector<Node*> incoming;
  collect(*node, incoming);
  for (Node* n : incoming)
    if (n->name().empty() || find(n->name())) n->setName(uniqueName(n->name().empty() ? n->type() : n->name()));
  Node& ref = (parent ? *parent : *root_).addChild(std::move(node), position);
  rebuildParameters();
  return ref;
}

std::unique_ptr<Node> Scene::remove(Node& node) {
  if (&node == root_.get()) throw std::invalid_argument("the root cannot be removed");
  std::unique_ptr<Node> owned = node.parent()->takeChild(node);
  rebuildParameters();
  return owned;
}

void Scene::move(Node& node, Node& newParent, int position) {
  if (&node == root_.get()) throw std::invalid_argument("the root cannot be moved");
  for (const Node* p = &newParent; p; p = p->parent())
    if (p == &node) throw std::invalid_argument("cannot move '" + node.name() + "' under itself");
  // Keep values across the re-layout by remembering them per (node, slot).
  const SavedParameters keep = saveParameters(params_);
  std::unique_ptr<Node> owned = node.parent()->takeChild(node);
  newParent.addChild(std::move(owned), position);
  rebuildParameters();
  restoreParameters(keep, params_);
}

bool Scene::rename(Node& node, const std::string& name) {
  if (name.empty()) return false;
  const Node* other = find(name);
  if (other && other != &node) return false;
  node.setName(name);
  return true;
}

Node* Scene::find(std::string_view name) {
  return const_cast<Node*>(static_cast<const Scene*>(this)->find(name));
}

const Node* Scene::find(std::string_view name) const {
  if (nameIndex_.empty()) return findIn(*root_, name);
  const auto it = nameIndex_.find(name);
  return it == nameIndex_.end() ? nullptr : it->second;
}

std::vector<Node*> Scene::nodes() {
  std::vector<Node*> out;
  collect(*root_, out);
  return out;
}

std::vector<const Node*> Scene::nodes() const {
  std::vector<Node*> tmp;
  collect(*root_, tmp);
  return {tmp.begin(), tmp.end()};
}

Path Scene::pathTo(const Primitive& leaf) const {
  Path p;
  p.leaf = &leaf;
  for (const Node* n = leaf.parent(); n; n = n->parent()) p.operators.push_back(static_cast<const Operator*>(n));
  return p;
}

std::vector<Path> Scene::paths() const {
  std::vector<Path> out;
  for (const Node* n : nodes())
    if (n->isPrimitive()) out.push_back(pathTo(static_cast<const Primitive&>(*n)));
  return out;
}

void Scene::rebuildParameters() {
  const SavedParameters keep = saveParameters(params_);
  params_.clear();
  for (Node* n : nodes()) {
    n->paramOffset_ = params_.size();
    const std::vector<ParamSpec> specs = n->parameterSpecs();
    for (const ParamSpec& s : specs) {
      params_.append(n, s);
    }
    n->paramCount_ = static_cast<int>(specs.size());
  }
  restoreParameters(keep, params_);
}

void Scene::resolveReferences() {
  const NameLookupScope byName(*this);
  for (Node* n : nodes()) n->resolveReferences(*this);
  for (auto& c : constraints) c->resolveReferences(*this);
}

Scene::NameLookupScope::NameLookupScope(Scene& scene) : scene_(scene) {
  scene_.nameIndex_.clear();
  for (const Node* n : scene_.nodes()) scene_.nameIndex_.emplace(n->name(), n);  // keeps the first, as findIn
}

Scene::NameLookupScope::~NameLookupScope() { scene_.nameIndex_.clear(); }

std::unique_ptr<Scene> Scene::clone() const {
  auto copy = std::make_unique<Scene>();
  for (const auto& c : root_->children()) copy->root_->addChild(cloneSubtree(*c));
  copy->rebuildParameters();
  // Same depth-first layout, so Ψ and flags copy entry by entry.
  copy->params_.values() = params_.values();
  for (int i = 0; i < params_.size(); ++i) {
    const Node* owner = copy->params_.info(i).owner;
    copy->params_.info(i) = params_.info(i);
    copy->params_.info(i).owner = owner;
  }
  copy->camera = camera;
  for (const auto& c : constraints) copy->constraints.push_back(c->clone());
  copy->settings = settings;
  copy->description = description;
  copy->resolveReferences();
  return copy;
}

}  // namespace flexure
