#include "document/reference_rename.h"

#include <algorithm>

#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene.h"

namespace flexure::app {
namespace {

// Replaces string fields equal to `from` by `to`; other fields are left alone. It presents
// itself as a writer (isReading() false) so objects do not re-validate half-visited state.
class NameRewriter final : public FieldVisitor {
 public:
  NameRewriter(const std::string& from, const std::string& to) : from_(from), to_(to) {}
  void field(std::string_view, bool&, FieldUse) override {}
  void field(std::string_view, int&, FieldUse) override {}
  void field(std::string_view, double&, FieldUse) override {}
  void field(std::string_view, std::string& value, FieldUse) override { rewrite(value); }
  void field(std::string_view, Vec3d&, FieldUse) override {}
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view, std::vector<std::string>& value, FieldUse) override {
    for (std::string& s : value) rewrite(s);
  }
  void records(std::string_view, std::size_t count, const std::function<void(std::size_t)>&, const RecordBinder& bind,
               FieldUse) override {
    for (std::size_t i = 0; i < count; ++i) bind(i, *this);
  }
  bool isReading() const override { return false; }

 private:
  void rewrite(std::string& s) const {
    if (s == from_) s = to_;
  }
  const std::string& from_;
  const std::string& to_;
};

// "<from>.<slot>" -> "<to>.<slot>".
void rewriteTarget(std::string& target, const std::string& from, const std::string& to) {
  if (target.size() > from.size() && target.compare(0, from.size(), from) == 0 && target[from.size()] == '.')
    target = to + target.substr(from.size());
}

}  // namespace

void renameReferences(Scene& scene, const std::string& from, const std::string& to) {
  NameRewriter rewriter(from, to);
  for (auto& constraint : scene.constraints) {
    const std::vector<std::string> refs = constraint->referencedNodes();
    if (std::find(refs.begin(), refs.end(), from) != refs.end()) constraint->visitFields(rewriter);
  }
  const Node* renamed = scene.find(to);
  for (Node* node : scene.nodes()) {
    const std::vector<const Node*> deps = node->dependencies();
    if (renamed && std::find(deps.begin(), deps.end(), renamed) != deps.end()) node->visitFields(rewriter);
  }
  if (scene.settings.find(TimelineSettings::kKind)) {
    for (Track& track : timelineOf(scene).tracks) {
      rewriteTarget(track.target, from, to);
      for (std::string& channel : track.channels) rewriteTarget(channel, from, to);
    }
  }
}

}  // namespace flexure::app
