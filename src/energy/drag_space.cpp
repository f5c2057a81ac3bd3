#include "flexure/energy/drag_space.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "flexure/core/param_access.h"
#include "flexure/energy/drag_metric.h"
#include "flexure/energy/energy_settings.h"

namespace flexure {

bool operatorIsRigid(const Scene& scene, const Operator& op, const std::vector<Vec3d>& samplesBelow) {
  if (op.isIdentity()) return true;
  if (op.paramCount() == 0) return false;  // a fixed map: rigid or not, nothing for a drag to move
  Eigen::VectorXd psi = scene.parameters().values();
  const int first = op.paramOffset(), count = op.paramCount();
  // The current parameters and two perturbations of the operator's own slice: rigidity of the
  // family, not of the present value (a bend by 0 is the identity).
  static constexpr double kPattern[2][5] = {{0.31, -0.17, 0.23, -0.29, 0.13}, {-0.21, 0.27, -0.11, 0.19, -0.25}};
  const Eigen::VectorXd original = psi.segment(first, count);
  for (int trial = 0; trial < 3; ++trial) {
    if (trial > 0)
      for (int k = 0; k < count; ++k)
        psi[first + k] = original[k] + kPattern[trial - 1][k % 5] * (1.0 + std::abs(original[k]));
    const ValueAccess access(psi);
    for (const Vec3d& x : samplesBelow) {
      const Mat3d j = op.jacobian(access, x);
      double det = 0.0;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
          double dotRC = 0.0;
          for (int k = 0; k < 3; ++k) dotRC += j.m[k][r] * j.m[k][c];
          if (!(std::abs(dotRC - (r == c ? 1.0 : 0.0)) < 1e-8)) return false;
        }
      det = j.m[0][0] * (j.m[1][1] * j.m[2][2] - j.m[1][2] * j.m[2][1]) -
            j.m[0][1] * (j.m[1][0] * j.m[2][2] - j.m[1][2] * j.m[2][0]) +
            j.m[0][2] * (j.m[1][0] * j.m[2][1] - j.m[1][1] * j.m[2][0]);
      if (!(det > 0.0)) return false;
    }
  }
  return true;
}

namespace {

// Reads a settings block's fields without knowing its type: collects the track targets and
// channels of a "timeline" block (the anim module's; read through the neutral FieldVisitor so
// the energy module does not depend on it).
class TrackTargets final : public FieldVisitor {
 public:
  std::vector<std::string> targets;  // "node.slot" of every keyed slot; "node.*" for a quaternion
  void field(std::string_view, bool&, FieldUse) override {}
  void field(std::string_view, int&, FieldUse) override {}
  void field(std::string_view, double&, FieldUse) override {}
  void field(std::string_view name, std::string& value, FieldUse) override {
    if (name == "target") target_ = value;
    if (name == "kind") kind_ = value;
  }
  void field(std::string_view, Vec3d&, FieldUse) override {}
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view name, std::vector<std::string>& value, FieldUse) override {
    if (name == "channels") channels_ = value;
  }
  void records(std::string_view name, std::size_t count, const std::function<void(std::size_t)>&,
               const RecordBinder& bind, FieldUse) override {
    if (name != "tracks") return;  // keys and handles say nothing about which slot is keyed
    for (std::size_t i = 0; i < count; ++i) {
      TrackTargets track;
      bind(i, track);
      if (!track.channels_.empty())
        targets.insert(targets.end(), track.channels_.begin(), track.channels_.end());
      else if (track.kind_ == "quaternion") {
        const auto dot = track.target_.rfind('.');
        targets.push_back(track.target_.substr(0, dot) + ".*");
      } else
        targets.push_back(track.target_);
    }
  }
  bool isReading() const override { return false; }

 private:
  std::string target_, kind_;
  std::vector<std::string> channels_;
};

void addNamed(const Scene& scene, const std::string& name, std::set<int>& out) {
  const ParameterTable& table = scene.parameters();
  std::string nodeName = name;
  if (name.size() > 2 && name.compare(name.size() - 2, 2, ".*") == 0) nodeName = name.substr(0, name.size() - 2);
  if (const Node* n = scene.find(nodeName)) {
    for (int k = 0; k < n->paramCount(); ++k) out.insert(n->paramOffset() + k);
    return;
  }
  if (const int i = table.find(name); i >= 0) out.insert(i);
}

}  // namespace

std::vector<int> driveParameters(const Scene& scene, const std::vector<std::string>& extra) {
  std::set<int> found;
  if (const auto* energy = scene.settings.tryGet<EnergySettings>())
    for (const std::string& name : energy->drives) addNamed(scene, name, found);
  if (SettingsBlock* timeline = scene.settings.find("timeline")) {
    TrackTargets targets;
    timeline->visitFields(targets);
    for (const std::string& name : targets.targets) addNamed(scene, name, found);
  }
  for (const std::string& name : extra) addNamed(scene, name, found);
  std::vector<int> out;
  for (int i : found)
    if (scene.parameters().isFrozen(i)) out.push_back(i);
  return out;
}

namespace {

// Whether `slot` of the placement operator `owner` translates or rotates (drag_metric.h), cached.
ParameterKind placementKind(const Scene& scene, const Node& owner, int slot,
                            std::map<const Node*, std::vector<ParameterMotion>>& cache) {
  auto it = cache.find(&owner);
  if (it == cache.end()) it = cache.emplace(&owner, nodeParameterMotion(scene, owner)).first;
  return it->second[static_cast<std::size_t>(slot)].kind;
}

}  // namespace

DragSpace dragSpace(const Scene& scene, const Path& path, DragMode mode, const std::vector<int>& drives,
                    const std::vector<Vec3d>& samples, const std::string& only, const GripColumns* grip) {
  const ParameterTable& table = scene.parameters();
  const std::set<int> driveSet(drives.begin(), drives.end());
  DragSpace space;
  space.path = path.parameterIndices();
  const std::set<int> onPath(space.path.begin(), space.path.end());

  // Class of every entry on the path: placement (a rigid operator's) or shape (the leaf's own,
  // a deformer's, a dependency's).
  std::set<int> placement;
  std::vector<Vec3d> below = samples;  // the samples in the space below the current operator
  const ValueAccess values(table.values());
  for (const Operator* op : path.operators) {
    if (op->paramCount() > 0 && operatorIsRigid(scene, *op, below))
      for (int k = 0; k < op->paramCount(); ++k) placement.insert(op->paramOffset() + k);
    if (!op->isIdentity())
      for (Vec3d& x : below) x = op->apply(values, x);
  }
  const bool releaseDrives = mode != DragMode::Shape;
  std::map<const Node*, std::vector<ParameterMotion>> kinds;  // Rotate, grips: which placement slots turn
  // A grip that holds its opposite feature moves the part's own placement: the translations of
  // the nearest placement operator above it that has some (not a parent's, which would carry
  // other parts along).
  const Node* pinOwner = nullptr;
  if (grip != nullptr && grip->placementTranslations)
    for (const Operator* op : path.operators) {
      if (op->paramCount() == 0 || placement.count(op->paramOffset()) == 0) continue;
      bool translates = false;
      for (int k = 0; k < op->paramCount(); ++k)
        translates = translates || placementKind(scene, *op, k, kinds) == ParameterKind::Translation;
      if (translates) {
        pinOwner = op;
        break;
      }
    }
  for (int i = 0; i < table.size(); ++i) {
    const bool drive = driveSet.count(i) > 0;
    const bool movable = !table.isFrozen(i) || (drive && releaseDrives);
    if (!movable) continue;
    if (onPath.count(i)) {
      const Node* owner = table.info(i).owner;
      if (!only.empty() && (owner == nullptr || owner->name() != only)) continue;
      const bool isPlacement = placement.count(i) > 0 || drive;
      if (grip != nullptr) {
        const bool gripSlot = std::binary_search(grip->parameters.begin(), grip->parameters.end(), i);
        const bool holdsPin = owner != nullptr && owner == pinOwner &&
                              placementKind(scene, *owner, i - owner->paramOffset(), kinds) == ParameterKind::Translation;
        if (!gripSlot && !holdsPin) continue;
        space.preferred.push_back(i);
        space.columns.push_back(i);
        if (table.isFrozen(i)) space.drives.push_back(i);
        continue;
      }
      if ((mode == DragMode::Move || mode == DragMode::Rotate) && !isPlacement) continue;
      if (mode == DragMode::Shape && isPlacement) continue;
      if (mode == DragMode::Rotate && !drive && owner != nullptr &&
          placementKind(scene, *owner, i - owner->paramOffset(), kinds) != ParameterKind::Rotation)
        continue;
      space.preferred.push_back(i);
    }
    space.columns.push_back(i);
    if (table.isFrozen(i)) space.drives.push_back(i);
  }
  return space;
}

}  // namespace flexure
