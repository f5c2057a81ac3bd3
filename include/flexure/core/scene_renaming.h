#pragma once
// Scene files refer to nodes by name: constraints ("pipe_a": "pipe"), nodes that read other
// nodes (a sweep's profile curve, a metaball skeleton following a curve) and settings blocks
// (keyframe tracks "pipe.length", "constraint:join-a.weight"). Renaming a node or a constraint
// must rename those references too, or the scene would no longer load after saving. One
// implementation for the outliner's rename, a paste's and a duplicate's renames (copies of
// "fixed-a" become "fixed-a.001" with every reference inside the copy following), and scripts.
#include <map>
#include <string>

#include "flexure/core/field_visitor.h"
#include "flexure/core/scene_settings.h"

namespace flexure {

class Scene;

// Rewrites string fields (and entries of string lists, records included) that equal an old
// name into the new one; every other field is left alone. It presents itself as a writer
// (isReading() false) so objects do not re-validate half-visited state: only names change.
class ReferenceRewriter final : public FieldVisitor {
 public:
  explicit ReferenceRewriter(const std::map<std::string, std::string, std::less<>>& renames) : renames_(renames) {}
  void field(std::string_view, bool&, FieldUse) override {}
  void field(std::string_view, int&, FieldUse) override {}
  void field(std::string_view, double&, FieldUse) override {}
  void field(std::string_view, std::string& value, FieldUse) override { rewrite(value); }
  void field(std::string_view, Vec3d&, FieldUse) override {}
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view, std::vector<std::string>& values, FieldUse) override {
    for (std::string& v : values) rewrite(v);
  }
  void records(std::string_view, std::size_t count, const std::function<void(std::size_t)>&, const RecordBinder& bind,
               FieldUse) override {
    for (std::size_t i = 0; i < count; ++i) bind(i, *this);
  }
  bool isReading() const override { return false; }

 private:
  void rewrite(std::string& value) const {
    if (const auto it = renames_.find(value); it != renames_.end()) value = it->second;
  }
  const std::map<std::string, std::string, std::less<>>& renames_;
};

// Renames nodes and constraints (old name -> new name) and every reference to them:
//   - string fields of the constraints whose referencedNodes() name a renamed node;
//   - string fields of the nodes whose dependencies() include a renamed node (only those: a
//     field that merely equals a name elsewhere, such as a mesh's file name, is not touched);
//   - every settings block, through SettingsBlock::renameReferences (keyframe tracks);
// then resolves the scene's references again. Names must exist, new node names must be
// non-empty, not "root", and unique among the nodes after the renames (likewise new constraint
// names among the constraints); otherwise std::invalid_argument is thrown and nothing changes.
void renameWithReferences(Scene& scene, const SceneRenames& renames);

// The same without resolving the scene's references afterwards: for a scene whose constraints
// may name nodes it does not hold (a fragment about to be pasted, whose constraints are resolved
// in the scene it is pasted into).
void renameWithoutResolving(Scene& scene, const SceneRenames& renames);

}  // namespace flexure
