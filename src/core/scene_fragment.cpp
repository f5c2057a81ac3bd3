#include "flexure/core/scene_fragment.h"

#include <algorithm>
#include <map>
#include <set>

#include "flexure/core/copy_name.h"
#include "flexure/core/detached_subtree.h"
#include "flexure/core/node_subtrees.h"
#include "flexure/core/scene_renaming.h"

namespace flexure {

namespace {

// A copy of `node` and its sub-tree with the same names; `copies` maps each original to its copy.
std::unique_ptr<Node> copySubtree(const Node& node, std::map<const Node*, const Node*>& copies) {
  std::unique_ptr<Node> copy = node.cloneNode();
  copy->setName(node.name());
  copies[&node] = copy.get();
  for (const auto& child : node.children()) copy->addChild(copySubtree(*child, copies));
  return copy;
}

bool anyIn(const std::vector<std::string>& refs, const std::set<std::string, std::less<>>& names) {
  return std::any_of(refs.begin(), refs.end(), [&](const std::string& r) { return names.count(r) > 0; });
}
bool allIn(const std::vector<std::string>& refs, const std::set<std::string, std::less<>>& names) {
  return std::all_of(refs.begin(), refs.end(), [&](const std::string& r) { return names.count(r) > 0; });
}

std::vector<std::string> constraintNames(const Scene& scene) {
  std::vector<std::string> out;
  for (const auto& c : scene.constraints) out.push_back(c->name);
  return out;
}

// The fragment's names that clash with the scene's, and the fresh names they get: free in the
// scene, among the fragment's own names and among the names given so far.
SceneRenames freshNames(const Scene& scene, Scene& fragment) {
  SceneRenames renames;
  std::set<std::string, std::less<>> given;
  const auto nodeTaken = [&](std::string_view n) { return n == "root" || scene.find(n) || fragment.find(n) || given.count(n); };
  for (const Node* node : fragment.nodes()) {
    if (!node->parent()) continue;
    if (!scene.find(node->name())) continue;
    const std::string name = uniqueCopyName(node->name(), nodeTaken);
    given.insert(name);
    renames.nodes.emplace(node->name(), name);
  }
  const std::vector<std::string> sceneConstraints = constraintNames(scene);
  const std::vector<std::string> fragmentConstraints = constraintNames(fragment);
  given.clear();
  const auto constraintTaken = [&](std::string_view n) {
    return std::find(sceneConstraints.begin(), sceneConstraints.end(), n) != sceneConstraints.end() ||
           std::find(fragmentConstraints.begin(), fragmentConstraints.end(), n) != fragmentConstraints.end() || given.count(n);
  };
  for (auto& c : fragment.constraints) {
    if (c->name.empty()) {
      // Named after its kind, so that the window can select what a paste added by name (no
      // keyframe track can refer to an unnamed constraint, so nothing else changes).
      c->name = uniqueCopyName(c->kind(), constraintTaken);
      given.insert(c->name);
      continue;
    }
    if (std::find(sceneConstraints.begin(), sceneConstraints.end(), c->name) == sceneConstraints.end()) continue;
    const std::string name = uniqueCopyName(c->name, constraintTaken);
    given.insert(name);
    renames.constraints.emplace(c->name, name);
  }
  return renames;
}

// What insertFragment changes in the scene, to put it back when a constraint does not resolve.
struct Rollback {
  ParameterTable parameters;
  SceneSettings settings;
  std::size_t constraintCount = 0;
  std::vector<Node*> added;

  explicit Rollback(const Scene& scene)
      : parameters(scene.parameters()), settings(scene.settings), constraintCount(scene.constraints.size()) {}

  void undo(Scene& scene) {
    scene.constraints.resize(constraintCount);
    for (auto it = added.rbegin(); it != added.rend(); ++it) scene.remove(**it);
    scene.parameters() = parameters;
    scene.settings = settings;
    scene.resolveReferences();
  }
};

}  // namespace

std::vector<const Node*> fragmentRoots(const Scene& scene, const std::vector<std::string>& names) {
  std::string problem;
  const std::vector<Node*> top = topmostNodes(scene, names, "copied (name its children)", problem);
  if (!problem.empty()) throw std::invalid_argument(problem);
  // The named sub-trees, then whatever they read outside themselves, until nothing more is read.
  std::set<const Node*> roots(top.begin(), top.end());
  for (bool grew = true; grew;) {
    grew = false;
    std::vector<const Node*> inside;
    for (const Node* root : roots) collectSubtree(*root, inside);
    const std::set<const Node*> exported(inside.begin(), inside.end());
    for (const Node* node : inside)
      for (const Node* dep : node->dependencies()) {
        if (exported.count(dep) || !dep->parent()) continue;
        // A dependency inside another dependency's sub-tree is carried by that one.
        std::erase_if(roots, [&](const Node* r) { return hasAncestorIn(*r, {dep}); });
        roots.insert(dep);
        grew = true;
      }
  }
  std::vector<const Node*> ordered;
  for (const Node* node : scene.nodes())
    if (roots.count(node)) ordered.push_back(node);
  return ordered;
}

std::unique_ptr<Scene> extractFragment(const Scene& scene, const std::vector<std::string>& names, const FragmentOptions& options) {
  const std::vector<const Node*> roots = fragmentRoots(scene, names);
  auto fragment = std::make_unique<Scene>();
  std::map<const Node*, const Node*> copies;
  for (const Node* root : roots) fragment->root().addChild(copySubtree(*root, copies));
  fragment->rebuildParameters();
  // Ψ entries per (node, slot): values, frozen flags, bounds.
  std::map<const Node*, const Node*> originalOf;
  for (const auto& [original, copy] : copies) originalOf[copy] = original;
  ParameterTable& table = fragment->parameters();
  for (int i = 0; i < table.size(); ++i) {
    const Node* copy = table.info(i).owner;
    const int from = originalOf.at(copy)->paramOffset() + (i - copy->paramOffset());
    table.setValue(i, scene.parameters().value(from));
    table.info(i) = scene.parameters().info(from);
    table.info(i).owner = copy;
  }

  SceneNames parts;
  for (const auto& [original, copy] : copies) parts.nodes.insert(original->name());
  for (const auto& c : scene.constraints) {
    const std::vector<std::string> refs = c->referencedNodes();
    if (refs.empty() || !anyIn(refs, parts.nodes)) continue;
    if (!allIn(refs, parts.nodes) && options.crossing == CrossingConstraints::Drop) continue;
    fragment->constraints.push_back(c->clone());
    if (!c->name.empty()) parts.constraints.insert(c->name);
  }
  for (const auto& [kind, block] : scene.settings.blocks())
    if (std::unique_ptr<SettingsBlock> part = block->partFor(scene, parts)) fragment->settings.set(std::move(part));
  // The copies' own references (a sweep's curves) point into the fragment from now on.
  for (Node* node : fragment->nodes()) node->resolveReferences(*fragment);
  return fragment;
}

InsertedFragment insertFragment(Scene& scene, Scene& fragment, const std::vector<FragmentPlacement>& placements) {
  const std::size_t rootCount = fragment.root().children().size();
  if (placements.size() > 1 && placements.size() != rootCount)
    throw std::invalid_argument("insertFragment: " + std::to_string(placements.size()) + " placements for " +
                                std::to_string(rootCount) + " roots");
  for (const FragmentPlacement& p : placements)
    if (p.parent && p.parent->isPrimitive())
      throw std::invalid_argument("\"" + p.parent->name() + "\" is a primitive: it cannot hold pasted nodes");

  InsertedFragment out;
  // Crossing constraints whose uncopied node this scene lacks are left out; the others keep
  // their index in the fragment for error messages.
  std::set<std::string, std::less<>> fragmentNodes;
  for (const Node* n : fragment.nodes())
    if (n->parent()) fragmentNodes.insert(n->name());
  std::vector<std::size_t> originalIndex;
  {
    std::vector<std::unique_ptr<Constraint>> kept;
    for (std::size_t i = 0; i < fragment.constraints.size(); ++i) {
      auto& c = fragment.constraints[i];
      const std::vector<std::string> refs = c->referencedNodes();
      const bool resolvable = std::all_of(refs.begin(), refs.end(), [&](const std::string& r) { return fragmentNodes.count(r) || scene.find(r); });
      if (!resolvable) {
        out.leftOut.push_back(c->name);
        continue;
      }
      originalIndex.push_back(i);
      kept.push_back(std::move(c));
    }
    fragment.constraints = std::move(kept);
  }

  out.renames = freshNames(scene, fragment);
  renameWithoutResolving(fragment, out.renames);

  // Settings parts, merged into copies of the scene's blocks (applied below, with the nodes).
  std::vector<std::unique_ptr<SettingsBlock>> merged;
  for (const auto& [kind, part] : fragment.settings.blocks()) {
    const SettingsBlock* existing = scene.settings.find(kind);
    std::unique_ptr<SettingsBlock> block = existing ? existing->clone() : SettingsRegistry::instance().create(kind);
    if (block && block->mergePart(*part))
      merged.push_back(std::move(block));
    else
      out.warnings.push_back("settings \"" + kind + "\" belong to the scene, not to its parts: the pasted ones are not taken");
  }

  Rollback rollback(scene);
  const Node* previous = nullptr;
  for (std::size_t i = 0; !fragment.root().children().empty(); ++i) {
    const FragmentPlacement p = placements.empty() ? FragmentPlacement{} : placements[placements.size() == 1 ? 0 : i];
    DetachedSubtree subtree = detachSubtree(fragment, *fragment.root().children().front());
    subtree.parent = p.parent ? p.parent : &scene.root();
    // One placement for every root: the first goes where it says, the others one after another.
    const Node* after = placements.size() == 1 && previous && (p.after || p.position >= 0) ? previous : p.after;
    subtree.position = after ? positionInParent(*after) + 1 : p.position;
    Node& added = reattachSubtree(scene, subtree);
    rollback.added.push_back(&added);
    out.roots.push_back(added.name());
    previous = &added;
  }
  for (auto& c : fragment.constraints) {
    out.constraints.push_back(c->name);
    scene.constraints.push_back(std::move(c));
  }
  fragment.constraints.clear();
  for (auto& block : merged) scene.settings.set(std::move(block));

  try {
    for (Node* node : scene.nodes()) node->resolveReferences(scene);
  } catch (...) {
    rollback.undo(scene);
    throw;
  }
  for (std::size_t i = 0; i < scene.constraints.size(); ++i) {
    try {
      scene.constraints[i]->resolveReferences(scene);
    } catch (const std::exception& e) {
      const std::size_t added = i - rollback.constraintCount;
      rollback.undo(scene);
      if (i < rollback.constraintCount) throw;
      throw FragmentConstraintError(originalIndex[added], e.what());
    }
  }
  return out;
}

InsertedFragment duplicateNodes(Scene& scene, const std::vector<std::string>& names, const FragmentOptions& options) {
  const std::vector<const Node*> originals = fragmentRoots(scene, names);
  std::unique_ptr<Scene> fragment = extractFragment(scene, names, options);
  std::vector<FragmentPlacement> placements;
  for (const Node* original : originals) placements.push_back({original->parent(), -1, original});
  return insertFragment(scene, *fragment, placements);
}

}  // namespace flexure
