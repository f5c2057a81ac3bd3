#include "flexure/rigid/point_joint_chain.h"

#include <algorithm>
#include <cstdlib>

namespace flexure {

namespace {

bool isPlainPointJoint(const JointRecord& j) {
  return j.translation == TranslationKind::Point && !j.angle.enabled && !j.twist.enabled && !j.goal;
}

std::pair<int, int> movableBodies(const RigidSystem& s, const JointRecord& j) {
  return {isMovable(s, j.body1) ? j.body1 : -1, isMovable(s, j.body2) ? j.body2 : -1};
}

// m⁻¹I − [a]× J⁻¹ [b]×, column by column: column c is m⁻¹e_c − a ∧ (J⁻¹ (b ∧ e_c)). Written
// out because the products of general 3×3 matrices would multiply the cross-product
// matrices' zeros as well (36 products instead of 54).
Eigen::Matrix3d sharedBlock(const Vec3d& a, const Mat3d& inverseInertia, const Vec3d& b, double inverseMass) {
  const auto& m = inverseInertia.m;
  const Vec3d columns[3] = {
      {m[0][1] * b.z - m[0][2] * b.y, m[1][1] * b.z - m[1][2] * b.y, m[2][1] * b.z - m[2][2] * b.y},  // J⁻¹ (b ∧ e_x)
      {m[0][2] * b.x - m[0][0] * b.z, m[1][2] * b.x - m[1][0] * b.z, m[2][2] * b.x - m[2][0] * b.z},  // J⁻¹ (b ∧ e_y)
      {m[0][0] * b.y - m[0][1] * b.x, m[1][0] * b.y - m[1][1] * b.x, m[2][0] * b.y - m[2][1] * b.x}};  // J⁻¹ (b ∧ e_z)
  Eigen::Matrix3d block;
  for (int c = 0; c < 3; ++c) {
    const Vec3d q = cross(a, columns[c]);
    block(0, c) = -q.x;
    block(1, c) = -q.y;
    block(2, c) = -q.z;
    block(c, c) += inverseMass;
  }
  return block;
}

Mat3d unpacked(const PointJointChain::Symmetric3& a) {
  Mat3d m;
  m.m[0][0] = a.xx;
  m.m[1][1] = a.yy;
  m.m[2][2] = a.zz;
  m.m[0][1] = m.m[1][0] = a.xy;
  m.m[0][2] = m.m[2][0] = a.xz;
  m.m[1][2] = m.m[2][1] = a.yz;
  return m;
}

PointJointChain::Symmetric3 packed(const Mat3d& m) {
  return {m.m[0][0], m.m[1][1], m.m[2][2], 0.5 * (m.m[0][1] + m.m[1][0]), 0.5 * (m.m[0][2] + m.m[2][0]),
          0.5 * (m.m[1][2] + m.m[2][1])};
}

Vec3d times(const PointJointChain::Symmetric3& a, const Vec3d& v) {
  return {a.xx * v.x + a.xy * v.y + a.xz * v.z, a.xy * v.x + a.yy * v.y + a.yz * v.z, a.xz * v.x + a.yz * v.y + a.zz * v.z};
}

// ΔR J⁻¹ ΔRᵀ: a world inverse inertia after the solid turned by ΔR (the same as R J_local⁻¹ Rᵀ
// at the new R, up to rounding, without keeping J_local⁻¹).
PointJointChain::Symmetric3 turned(const Quatd& turn, const PointJointChain::Symmetric3& inverseInertia) {
  const Mat3d r = toMatrix(turn);
  return packed(r * unpacked(inverseInertia) * transpose(r));
}

}  // namespace

// Reads the joint's points (ends_[k]) for the iterations, and the solids it is the first joint
// of (firstOf_) into the packed poses: the joints and their solids in one pass.
void PointJointChain::readJoint(const RigidSystem& s, const JointRecord& j, std::size_t k) {
  const int body[2] = {j.body1, j.body2};
  const int movable[2] = {bodies_[k].first, bodies_[k].second};
  const Vec3d point[2] = {j.point1, j.point2};
  for (int side = 0; side < 2; ++side) {
    if (body[side] < 0) {
      ends_[k].point[side] = point[side];
      continue;
    }
    const RigidBody& b = s.bodies[static_cast<std::size_t>(body[side])];
    // measurePointJoint's point of a solid: com + R (p − c); a fixed solid's stays put.
    ends_[k].point[side] = movable[side] >= 0 ? point[side] - b.localCom : b.com + b.rotation * (point[side] - b.localCom);
    if (!(firstOf_[k] & (1u << side))) continue;
    const std::size_t i = static_cast<std::size_t>(movable[side]);
    poses_[i] = {b.com, b.inverseMass, b.orientation};
    inverseInertia_[i] = packed(inverseInertiaWorld(b));
  }
}

void PointJointChain::resizeState(const RigidSystem& s) {
  ends_.resize(joints_.size());
  poses_.resize(s.bodies.size());
  inverseInertia_.resize(s.bodies.size());
}

bool PointJointChain::sameLayout(const RigidSystem& s, const std::vector<int>& active) {
  if (active != joints_ || poses_.size() != s.bodies.size()) return false;
  resizeState(s);
  for (std::size_t k = 0; k < joints_.size(); ++k) {
    const JointRecord& j = s.joints[static_cast<std::size_t>(joints_[k])];
    if (!isPlainPointJoint(j) || movableBodies(s, j) != bodies_[k]) return false;
    readJoint(s, j, k);
  }
  return true;
}

// The shares of every solid's pairs of joints, and whether they make a chain or a ring: a pair
// is a joint with itself, with its predecessor, or the last joint (the border) with any. Each
// solid's (joint, side) ends are grouped by a counting sort, in the joints' order.
bool PointJointChain::buildLayout(const RigidSystem& s, const std::vector<int>& active) {
  joints_ = active;
  bodies_.clear();
  bodies_.reserve(active.size());
  for (int k : active) bodies_.push_back(movableBodies(s, s.joints[static_cast<std::size_t>(k)]));
  for (int k : active)
    if (!isPlainPointJoint(s.joints[static_cast<std::size_t>(k)])) return false;
  if (active.empty()) return false;
  // The solids the joints move, each loaded with the first joint that names it.
  movable_.clear();
  firstOf_.assign(bodies_.size(), 0);
  std::vector<char> named(s.bodies.size(), 0);
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const int side[2] = {bodies_[k].first, bodies_[k].second};
    for (unsigned e = 0; e < 2; ++e) {
      if (side[e] < 0 || named[static_cast<std::size_t>(side[e])]) continue;
      named[static_cast<std::size_t>(side[e])] = 1;
      movable_.push_back(side[e]);
      firstOf_[k] = static_cast<unsigned char>(firstOf_[k] | (1u << e));
    }
  }
  std::vector<int>& first = solidFirst_;  // solid b's ends: [first[b], first[b + 1])
  first.assign(s.bodies.size() + 1, 0);
  for (const std::pair<int, int>& b : bodies_) {
    if (b.first >= 0) ++first[static_cast<std::size_t>(b.first) + 1];
    if (b.second >= 0) ++first[static_cast<std::size_t>(b.second) + 1];
  }
  for (std::size_t b = 0; b < s.bodies.size(); ++b) first[b + 1] += first[b];
  solidEnds_.resize(static_cast<std::size_t>(first.back()));
  std::vector<int> next(first.begin(), first.end() - 1);
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    if (bodies_[k].first >= 0) solidEnds_[static_cast<std::size_t>(next[static_cast<std::size_t>(bodies_[k].first)]++)] = {static_cast<int>(k), 0};
    if (bodies_[k].second >= 0) solidEnds_[static_cast<std::size_t>(next[static_cast<std::size_t>(bodies_[k].second)]++)] = {static_cast<int>(k), 1};
  }
  const int last = static_cast<int>(active.size()) - 1;
  bool bordered = false;
  for (std::size_t b = 0; b < s.bodies.size(); ++b)
    for (int x = first[b]; x < first[b + 1]; ++x)
      for (int y = first[b]; y < x; ++y) {
        const int i = solidEnds_[static_cast<std::size_t>(x)].first, j = solidEnds_[static_cast<std::size_t>(y)].first;
        if (std::abs(i - j) <= 1) continue;
        if (std::max(i, j) != last) return false;
        bordered = true;
      }
  system_.resize(last + 1, bordered);
  return true;
}

bool PointJointChain::prepare(const RigidSystem& s, const std::vector<int>& active) {
  if (sameLayout(s, active)) return chain_;
  chain_ = buildLayout(s, active);
  if (chain_) {
    resizeState(s);
    for (std::size_t k = 0; k < joints_.size(); ++k) readJoint(s, s.joints[static_cast<std::size_t>(joints_[k])], k);
    // The iterations' own buffers too, so that a prepared workspace's first frame touches no new
    // memory (prepareDirectWorkspace, constraint_processing.h).
    gaps_.resize(joints_.size());
    steps_.resize(movable_.size());
    lambda_.setZero(3 * static_cast<Eigen::Index>(joints_.size()));
  }
  return chain_;
}

void PointJointChain::store(RigidSystem& s) const {
  for (int b : movable_) {
    RigidBody& body = s.bodies[static_cast<std::size_t>(b)];
    const Pose& p = poses_[static_cast<std::size_t>(b)];
    body.com = p.com;
    body.orientation = p.orientation;
    body.rotation = toMatrix(p.orientation);
  }
}

double PointJointChain::measure() {
  gaps_.resize(joints_.size());
  double worst = 0.0;
  int rotated = -1;  // the solid whose rotation is in `rotation` (a chain's body2 is the next joint's body1)
  Mat3d rotation;
  for (std::size_t k = 0; k < joints_.size(); ++k) {
    const auto [body1, body2] = bodies_[k];
    const Ends& e = ends_[k];
    const Pose* p1 = body1 >= 0 ? &poses_[static_cast<std::size_t>(body1)] : nullptr;
    const Pose* p2 = body2 >= 0 ? &poses_[static_cast<std::size_t>(body2)] : nullptr;
    Vec3d permitted = e.point[0], moving = e.point[1];
    if (p1) permitted = p1->com + (body1 == rotated ? rotation : toMatrix(p1->orientation)) * e.point[0];
    if (p2) {
      rotation = toMatrix(p2->orientation);
      rotated = body2;
      moving = p2->com + rotation * e.point[1];
    }
    Gap& g = gaps_[k];
    g.error = moving - permitted;
    worst = std::max(worst, norm(g.error));
    // Both solids are pushed at the midpoint of the gap: no couple, exact momenta. (The arm of
    // a side that does not move is never read.)
    const Vec3d at = (moving + permitted) * 0.5;
    g.arm[0] = p1 ? at - p1->com : Vec3d();
    g.arm[1] = p2 ? at - p2->com : Vec3d();
  }
  return worst;
}

// A_ij = σ_i σ_j (m⁻¹ I − [a_i]× J⁻¹ [a_j]×) for every share, into the block it belongs to;
// the diagonal softened as the general path's (a relative 1e-9, for nearly redundant loops).
void PointJointChain::fillBlocks() {
  for (Eigen::Matrix3d& m : system_.diagonal) m.setZero();
  for (Eigen::Matrix3d& m : system_.below) m.setZero();
  for (Eigen::Matrix3d& m : system_.border) m.setZero();
  const int border = system_.bordered() ? system_.joints() - 1 : -1;
  for (std::size_t b = 0; b + 1 < solidFirst_.size(); ++b) {
    const int from = solidFirst_[b], to = solidFirst_[b + 1];
    if (from == to) continue;
    const Mat3d inverseInertia = unpacked(inverseInertia_[b]);
    const double inverseMass = poses_[b].inverseMass;
    for (int x = from; x < to; ++x)
      for (int y = from; y <= x; ++y) {  // the pair, I the later joint
        std::pair<int, int> i = solidEnds_[static_cast<std::size_t>(x)], j = solidEnds_[static_cast<std::size_t>(y)];
        if (i.first < j.first) std::swap(i, j);
        const Vec3d& armI = gaps_[static_cast<std::size_t>(i.first)].arm[i.second];
        const Vec3d& armJ = gaps_[static_cast<std::size_t>(j.first)].arm[j.second];
        Eigen::Matrix3d block = sharedBlock(armI, inverseInertia, armJ, inverseMass);
        if (i.second != j.second) block = -block;
        const std::size_t at = static_cast<std::size_t>(j.first);
        Eigen::Matrix3d& target = i.first == j.first ? system_.diagonal[at]
                                  : i.first == border ? system_.border[at]
                                                      : system_.below[at];
        target += block;
      }
  }
  for (Eigen::Matrix3d& d : system_.diagonal) d.diagonal() = d.diagonal() * (1.0 + 1e-9) + Eigen::Vector3d::Constant(1e-14);
}

// Σ σ λ and Σ σ a ∧ λ over the solid's joints, then m⁻¹ and J⁻¹: its step from the last solve.
void PointJointChain::stepOf(int body, Vec3d& dx, Vec3d& dR) const {
  const std::size_t b = static_cast<std::size_t>(body);
  dx = Vec3d();
  dR = Vec3d();
  for (int e = solidFirst_[b]; e < solidFirst_[b + 1]; ++e) {
    const auto [k, side] = solidEnds_[static_cast<std::size_t>(e)];
    const Eigen::Index at = static_cast<Eigen::Index>(3 * k);
    const Vec3d l(lambda_[at], lambda_[at + 1], lambda_[at + 2]);
    const Vec3d& arm = gaps_[static_cast<std::size_t>(k)].arm[side];
    if (side == 0) {
      dx -= l;
      dR -= cross(arm, l);
    } else {
      dx += l;
      dR += cross(arm, l);
    }
  }
  dx = dx * poses_[b].inverseMass;
  dR = times(inverseInertia_[b], dR);
}

void PointJointChain::step(std::vector<Vec3d>& dx, std::vector<Vec3d>& dR) const {
  dx.assign(poses_.size(), Vec3d());
  dR.assign(poses_.size(), Vec3d());
  for (std::size_t i = 0; i < movable_.size(); ++i) {
    dx[static_cast<std::size_t>(movable_[i])] = steps_[i].dx;
    dR[static_cast<std::size_t>(movable_[i])] = steps_[i].dR;
  }
}

bool PointJointChain::solve() {
  fillBlocks();
  if (!system_.factorize()) return false;
  const Eigen::Index n = static_cast<Eigen::Index>(gaps_.size());
  lambda_.resize(3 * n);
  for (Eigen::Index k = 0; k < n; ++k) {
    const Vec3d& e = gaps_[static_cast<std::size_t>(k)].error;
    lambda_.segment<3>(3 * k) = -Eigen::Vector3d(e.x, e.y, e.z);
  }
  system_.solve(lambda_);
  if (!lambda_.allFinite()) return false;
  steps_.resize(movable_.size());
  for (std::size_t i = 0; i < movable_.size(); ++i) stepOf(movable_[i], steps_[i].dx, steps_[i].dR);
  return true;
}

// applyDirectCorrection's steps (applyRotations, applyTranslations) on the packed poses, each
// solid's world inverse inertia renewed for the next solve while its pose is at hand.
double PointJointChain::apply(double maxStep) {
  double largestRotation = 0.0, largestTranslation = 0.0;
  for (const Step& step : steps_) {
    largestRotation = std::max(largestRotation, norm(step.dR));
    largestTranslation = std::max(largestTranslation, norm(step.dx));
  }
  const double scale = maxStep > 0.0 && largestRotation > maxStep ? maxStep / largestRotation : 1.0;
  for (std::size_t i = 0; i < movable_.size(); ++i) {
    const std::size_t b = static_cast<std::size_t>(movable_[i]);
    const Step& step = steps_[i];
    Pose& p = poses_[b];
    if (squaredNorm(step.dR) > 0.0) {
      const Quatd turn = quaternionFromRotationVector(step.dR * scale);
      p.orientation = normalized(turn * p.orientation);
      inverseInertia_[b] = turned(turn, inverseInertia_[b]);
    }
    p.com += step.dx * scale;
  }
  return std::max(largestRotation, largestTranslation) * scale;
}

}  // namespace flexure
