#include "flexure/energy/drag_metric.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "flexure/core/param_access.h"
#include "flexure/energy/drag_space.h"

namespace flexure {

std::vector<Vec3d> primitiveSamplePoints(const Primitive& leaf, const ParamAccess<double>& values, int maxPatches) {
  std::vector<Vec3d> out;
  const int patches = leaf.patchCount();
  const int taken = std::min(patches, std::max(1, maxPatches));
  for (int k = 0; k < taken; ++k) {
    const int patch = static_cast<int>((static_cast<long long>(k) * patches) / taken);
    for (double u : {0.1, 0.5, 0.9})
      for (double v : {0.1, 0.5, 0.9}) out.push_back(leaf.position(values, patch, u, v));
  }
  return out;
}

namespace {

// Primitives below `node` (itself when it is one), at most `maxLeaves`, spread evenly over the
// sub-tree's depth-first order.
std::vector<const Primitive*> primitivesBelow(const Node& node, int maxLeaves) {
  std::vector<const Primitive*> all;
  std::vector<const Node*> pending{&node};
  while (!pending.empty()) {
    const Node* n = pending.back();
    pending.pop_back();
    if (n->isPrimitive()) all.push_back(static_cast<const Primitive*>(n));
    for (auto it = n->children().rbegin(); it != n->children().rend(); ++it) pending.push_back(it->get());
  }
  if (static_cast<int>(all.size()) <= maxLeaves) return all;
  std::vector<const Primitive*> spread;
  for (int k = 0; k < maxLeaves; ++k) spread.push_back(all[(all.size() * static_cast<std::size_t>(k)) / maxLeaves]);
  return spread;
}

// The sample points of the primitives below `op`, in the space `op` maps from.
std::vector<Vec3d> samplesBelow(const Operator& op, const ValueAccess& values, int maxLeaves) {
  std::vector<Vec3d> out;
  for (const Primitive* leaf : primitivesBelow(op, maxLeaves)) {
    std::vector<Vec3d> points = primitiveSamplePoints(*leaf, values);
    for (const Node* n = leaf->parent(); n != nullptr && n != &op; n = n->parent()) {
      const auto* below = dynamic_cast<const Operator*>(n);
      if (below == nullptr || below->isIdentity()) continue;
      for (Vec3d& x : points) x = below->apply(values, x);
    }
    out.insert(out.end(), points.begin(), points.end());
  }
  return out;
}

// ∂X/∂ψ for the slots [first, first + count) of `node` at every sample: `evaluate` maps a sample
// index to X with the seeded parameters. Returns, per slot, the derivative at every sample.
template <class Evaluate>
std::vector<std::vector<Vec3d>> motionFields(const Scene& scene, const Node& node, std::size_t samples,
                                             Evaluate&& evaluate) {
  std::vector<const Node*> declared{&node};
  for (const Node* d : node.dependencies()) declared.push_back(d);
  SeededAccess<8> seeded(declared);
  const Eigen::VectorXd& psi = scene.parameters().values();
  std::vector<std::vector<Vec3d>> fields(static_cast<std::size_t>(node.paramCount()), std::vector<Vec3d>(samples));
  for (int first = 0; first < node.paramCount(); first += 8) {
    const int count = std::min(8, node.paramCount() - first);
    int indices[8];
    for (int l = 0; l < count; ++l) indices[l] = node.paramOffset() + first + l;
    seeded.seed(psi, indices, count);
    for (std::size_t s = 0; s < samples; ++s) {
      const Vec3<Dual8> X = evaluate(seeded, s);
      for (int l = 0; l < count; ++l)
        fields[static_cast<std::size_t>(first + l)][s] = Vec3d(X.x.v[l], X.y.v[l], X.z.v[l]);
    }
  }
  return fields;
}

double meanSquare(const std::vector<Vec3d>& field) {
  double sum = 0.0;
  for (const Vec3d& m : field) sum += dot(m, m);
  return field.empty() ? 0.0 : sum / static_cast<double>(field.size());
}

// The same motion at every sample (to round-off): a translation.
bool isUniform(const std::vector<Vec3d>& field) {
  if (field.empty()) return false;
  const double size = std::sqrt(meanSquare(field));
  if (!(size > 0.0)) return false;
  for (const Vec3d& m : field)
    if (!(norm(m - field.front()) <= 1e-9 * size)) return false;
  return true;
}

// A slot that moves nothing here (a quaternion's scale, a bend's range while it bends by 0)
// would leave the metric without a say in that direction: it weighs a tenth of its node's largest.
void floorScales(std::vector<ParameterMotion>& motion) {
  double largest = 0.0;
  for (const ParameterMotion& m : motion) largest = std::max(largest, m.scale);
  const double floor = largest > 0.0 ? 0.1 * largest : 1.0;
  for (ParameterMotion& m : motion) m.scale = std::max(m.scale, floor);
}

}  // namespace

std::vector<ParameterMotion> nodeParameterMotion(const Scene& scene, const Node& node, int maxLeaves) {
  std::vector<ParameterMotion> motion(static_cast<std::size_t>(node.paramCount()));
  if (node.paramCount() == 0) return motion;
  const ValueAccess values(scene.parameters().values());
  try {
    if (node.isPrimitive()) {
      const auto& leaf = static_cast<const Primitive&>(node);
      const int patches = leaf.patchCount();
      const int taken = std::min(patches, 16);
      const auto fields = motionFields(scene, node, static_cast<std::size_t>(taken) * 9,
                                       [&](const SeededAccess<8>& seeded, std::size_t s) {
                                         const int k = static_cast<int>(s / 9);
                                         const int patch = static_cast<int>((static_cast<long long>(k) * patches) / taken);
                                         static constexpr double kGrid[3] = {0.1, 0.5, 0.9};
                                         return leaf.position(seeded, patch, Dual8(kGrid[(s % 9) / 3]),
                                                              Dual8(kGrid[s % 3]));
                                       });
      for (std::size_t k = 0; k < motion.size(); ++k) motion[k] = {ParameterKind::Shape, meanSquare(fields[k])};
    } else {
      const auto& op = static_cast<const Operator&>(node);
      const std::vector<Vec3d> samples = samplesBelow(op, values, maxLeaves);
      if (samples.empty()) return motion;
      const bool rigid = operatorIsRigid(scene, op, samples);
      const auto fields = motionFields(scene, node, samples.size(), [&](const SeededAccess<8>& seeded, std::size_t s) {
        const Vec3d& x = samples[s];
        return op.apply(seeded, Vec3<Dual8>(Dual8(x.x), Dual8(x.y), Dual8(x.z)));
      });
      double rotationSum = 0.0;
      int rotations = 0;
      for (std::size_t k = 0; k < motion.size(); ++k) {
        const ParameterKind kind = !rigid                  ? ParameterKind::Shape
                                   : isUniform(fields[k]) ? ParameterKind::Translation
                                                          : ParameterKind::Rotation;
        motion[k] = {kind, meanSquare(fields[k])};
        if (kind == ParameterKind::Rotation) {
          rotationSum += motion[k].scale;
          ++rotations;
        }
      }
      // One weight for all of a rotation's slots: the metric is then the same in every direction
      // of its quaternion, so the least change of it that takes a point of the plane through the
      // origin normal to an axis to its target is the turn about that axis (a transform
      // handle's ring, docs/energy.md), and no axis of the part is cheaper to turn about.
      for (ParameterMotion& m : motion)
        if (m.kind == ParameterKind::Rotation) m.scale = rotationSum / rotations;
    }
  } catch (const std::logic_error&) {
    // The evaluation reads a node it does not declare: no measure, shape of scale 1.
    return std::vector<ParameterMotion>(static_cast<std::size_t>(node.paramCount()));
  }
  floorScales(motion);
  return motion;
}

DragMetric dragMetric(const Scene& scene, const std::vector<int>& columns, const std::vector<int>& relevant,
                      const StiffnessLadder& ladder) {
  const ParameterTable& table = scene.parameters();
  DragMetric metric;
  metric.kinds.assign(columns.size(), ParameterKind::Shape);
  metric.weights = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(columns.size()), ladder.shape);
  std::map<const Node*, std::vector<ParameterMotion>> byOwner;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const int i = columns[c];
    if (!std::binary_search(relevant.begin(), relevant.end(), i)) continue;
    const Node* owner = table.info(i).owner;
    if (owner == nullptr) continue;
    auto it = byOwner.find(owner);
    if (it == byOwner.end()) it = byOwner.emplace(owner, nodeParameterMotion(scene, *owner)).first;
    const ParameterMotion& m = it->second[static_cast<std::size_t>(i - owner->paramOffset())];
    metric.kinds[c] = m.kind;
    metric.weights[static_cast<Eigen::Index>(c)] = ladder.of(m.kind) * m.scale;
  }
  return metric;
}

}  // namespace flexure
