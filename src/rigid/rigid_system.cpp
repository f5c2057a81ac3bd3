#include "flexure/rigid/rigid_system.h"

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>

#include "flexure/core/param_access.h"
#include "flexure/core/primitive.h"
#include "flexure/core/scene.h"
#include "flexure/rigid/mass_properties.h"

namespace flexure {

int RigidSystem::addBody(RigidBody body) {
  syncRotation(body);
  bodies.push_back(std::move(body));
  contactSamples.emplace_back();
  roundContacts.emplace_back();
  contactRadius.push_back(0.0);
  solids.push_back(nullptr);
  loads.emplace_back();
  return static_cast<int>(bodies.size()) - 1;
}

int RigidSystem::addJoint(JointRecord joint) {
  joints.push_back(std::move(joint));
  return static_cast<int>(joints.size()) - 1;
}

Vec3d worldPointOf(const RigidSystem& s, int body, const Vec3d& local) {
  return body < 0 ? local : worldPoint(s.bodies[static_cast<std::size_t>(body)], local);
}
Vec3d worldVectorOf(const RigidSystem& s, int body, const Vec3d& local) {
  return body < 0 ? local : worldVector(s.bodies[static_cast<std::size_t>(body)], local);
}
Vec3d localPointOf(const RigidSystem& s, int body, const Vec3d& world) {
  return body < 0 ? world : localPoint(s.bodies[static_cast<std::size_t>(body)], world);
}
void contactPointsOf(const RigidSystem& s, std::size_t body, const Vec3d& n, std::vector<Vec3d>& out) {
  out = s.contactSamples[body];
  if (s.roundContacts[body].empty()) return;
  const Vec3d up = transpose(s.bodies[body].rotation) * n;
  for (const RoundContactShape& shape : s.roundContacts[body]) appendLowestPoints(shape, up, out);
}


CorrectionSide correctionSideOf(const RigidSystem& s, int body) {
  CorrectionSide side;
  if (body < 0) return side;
  const RigidBody& b = s.bodies[static_cast<std::size_t>(body)];
  side.com = b.com;
  if (b.fixed) return side;
  side.inverseMass = b.inverseMass;
  side.inverseInertia = inverseInertiaWorld(b);
  return side;
}

namespace {

Mat3d inverseOf(const Mat3d& m) { return inverse(m); }

// The operators between a leaf and its solid, leaf side first, as a Path for P and I.
Path subPath(const Primitive& leaf, const SolidOperator& solid) {
  Path p;
  p.leaf = &leaf;
  for (const Node* n = leaf.parent(); n && n != &solid; n = n->parent()) p.operators.push_back(static_cast<const Operator*>(n));
  return p;
}

// A sphere or cylinder moved only by translations inside its solid: its exact round shape in
// the solid's frame (round_contact.h); false for anything else.
bool roundShapeOf(const Scene& scene, const Primitive& leaf, const Path& path, RoundContactShape& shape) {
  const std::string_view type = leaf.type();
  if (type != "sphere" && type != "cylinder") return false;
  for (const Operator* op : path.operators)
    if (op->type() != "translate") return false;
  const ValueAccess values(scene.parameters().values());
  Vec3d centre = leaf.bounds(values).center();
  for (const Operator* op : path.operators) centre = op->apply(values, centre);
  shape.centre = centre;
  shape.radius = scene.parameters().value(leaf.paramIndex("radius"));
  if (type == "cylinder") {
    shape.axis = {1, 0, 0};  // cylinder.h: axis x
    shape.halfLength = 0.5 * scene.parameters().value(leaf.paramIndex("length"));
  }
  return true;
}

// Ground-contact geometry of a solid: exact round shapes where possible, otherwise the
// vertices of each primitive's tessellation mapped into the solid's frame.
void contactGeometry(const Scene& scene, const SolidOperator& solid, std::vector<Vec3d>& samples,
                     std::vector<RoundContactShape>& round) {
  const ValueAccess values(scene.parameters().values());
  std::vector<const Node*> stack{&solid};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    for (const auto& c : n->children())
      if (c->type() != SolidOperator::kType) stack.push_back(c.get());
    if (!n->isPrimitive()) continue;
    const auto& leaf = static_cast<const Primitive&>(*n);
    const Path path = subPath(leaf, solid);
    RoundContactShape shape;
    if (roundShapeOf(scene, leaf, path, shape)) {
      round.push_back(shape);
      continue;
    }
    TriangleMesh mesh;
    leaf.tessellate(values, 48, mesh);
    for (Vec3d x : mesh.positions) {
      for (const Operator* op : path.operators) x = op->apply(values, x);
      samples.push_back(x);
    }
  }
}

ImplicitFunction surfaceFunction(const Scene& scene, const Primitive& leaf, const SolidOperator& solid) {
  auto psi = std::make_shared<Eigen::VectorXd>(scene.parameters().values());
  const Path path = subPath(leaf, solid);
  return [psi, path](const Vec3d& x, Vec3d& gradient) {
    const ValueAccess values(*psi);
    gradient = pathImplicitGradient(path, values, x);
    return pathImplicit(path, values, x);
  };
}

}  // namespace

RigidSystem buildRigidSystem(Scene& scene, bool withContactSamples) {
  RigidSystem system;
  std::map<std::string, int, std::less<>> index;
  const Eigen::VectorXd& psi = scene.parameters().values();
  for (Node* node : scene.nodes()) {
    if (node->type() != SolidOperator::kType) continue;
    auto& solid = static_cast<SolidOperator&>(*node);
    const MassProperties mp = solidMassProperties(scene, solid);
    const int o = solid.paramOffset();
    RigidBody b;
    b.name = solid.name();
    b.orientation = normalized(Quatd(psi[o + 3], psi[o + 4], psi[o + 5], psi[o + 6]));
    b.rotation = toMatrix(b.orientation);
    b.localCom = mp.centre;
    b.com = Vec3d(psi[o], psi[o + 1], psi[o + 2]) + b.rotation * mp.centre;
    b.velocity = solid.velocity;
    b.angularVelocity = solid.angularVelocity;
    b.fixed = solid.fixed;
    b.physical = solid.physical;
    b.rotationAbility = solid.rotationAbility;
    b.mass = mp.mass;
    b.inertiaLocal = mp.inertia;
    if (solid.fixed) {
      b.inverseMass = 0.0;
      b.inverseInertiaLocal = Mat3d();
    } else if (!solid.physical) {
      // Section 3.1.4: a spherical distribution, unit mass, J^{-1} = k I ("ability to rotate").
      b.mass = 1.0;
      b.inverseMass = 1.0;
      b.inverseInertiaLocal = Mat3d::identity();
      for (int i = 0; i < 3; ++i) b.inverseInertiaLocal.m[i][i] = solid.rotationAbility;
      b.inertiaLocal = inverseOf(b.inverseInertiaLocal);
    } else {
      b.inverseMass = 1.0 / mp.mass;
      b.inverseInertiaLocal = inverseOf(mp.inertia);
    }
    const int i = system.addBody(std::move(b));
    system.solids[static_cast<std::size_t>(i)] = &solid;
    system.loads[static_cast<std::size_t>(i)] = solid.loads;
    if (withContactSamples && solid.groundContact) {
      const auto k = static_cast<std::size_t>(i);
      contactGeometry(scene, solid, system.contactSamples[k], system.roundContacts[k]);
      for (const Vec3d& p : system.contactSamples[k])
        system.contactRadius[k] = std::max(system.contactRadius[k], norm(p - mp.centre));
      for (const RoundContactShape& shape : system.roundContacts[k])
        system.contactRadius[k] = std::max(system.contactRadius[k], roundContactReach(shape, mp.centre));
    }
    index[solid.name()] = i;
  }
  auto bodyOf = [&](const std::string& name, const std::string& constraint) {
    if (name.empty()) return -1;
    auto it = index.find(name);
    if (it == index.end()) throw std::runtime_error("constraint '" + constraint + "': '" + name + "' is not a solid");
    return it->second;
  };
  for (const auto& c : scene.constraints) {
    if (c->family() != "rigid") continue;
    const auto* j = dynamic_cast<const RigidJoint*>(c.get());
    if (!j) continue;
    JointRecord r;
    r.name = j->name;
    r.kind = std::string(j->kind());
    r.body1 = bodyOf(j->object1, j->name);
    r.body2 = bodyOf(j->object2, j->name);
    r.translation = j->translation;
    r.point1 = j->point1;
    r.point2 = j->point2;
    r.direction = j->direction;
    r.min = j->min;
    r.max = j->max;
    for (std::size_t k = 0; k + 2 < j->curve.size(); k += 3) r.curve.push_back({j->curve[k], j->curve[k + 1], j->curve[k + 2]});
    r.closedCurve = j->closedCurve;
    if (j->translation == TranslationKind::Surface) {
      const Node* n = scene.find(j->surface);
      if (!n || !n->isPrimitive() || r.body1 < 0)
        throw std::runtime_error("constraint '" + j->name + "': surface '" + j->surface +
                                 "' must be a primitive inside object1");
      r.surface = surfaceFunction(scene, static_cast<const Primitive&>(*n),
                                  *system.solids[static_cast<std::size_t>(r.body1)]);
    }
    r.angle = j->angle;
    r.twist = j->twist;
    r.mobility = j->mobility;
    r.goal = j->goal;
    r.reach = j->reach;
    r.enabled = j->enabled;
    r.active = j->active;
    system.addJoint(std::move(r));
  }
  return system;
}

void writeBack(const RigidSystem& system, Scene& scene) {
  Eigen::VectorXd& psi = scene.parameters().values();
  for (std::size_t i = 0; i < system.bodies.size(); ++i) {
    SolidOperator* solid = system.solids[i];
    if (!solid) continue;
    const RigidBody& b = system.bodies[i];
    const int o = solid->paramOffset();
    const Vec3d x = b.com - b.rotation * b.localCom;
    psi[o] = x.x;
    psi[o + 1] = x.y;
    psi[o + 2] = x.z;
    psi[o + 3] = b.orientation.w;
    psi[o + 4] = b.orientation.x;
    psi[o + 5] = b.orientation.y;
    psi[o + 6] = b.orientation.z;
    solid->velocity = b.velocity;
    solid->angularVelocity = b.angularVelocity;
  }
  // A goal's reach as processing adapted it (RigidJoint::reach).
  for (const JointRecord& record : system.joints) {
    if (!record.goal) continue;
    for (auto& c : scene.constraints)
      if (auto* j = dynamic_cast<RigidJoint*>(c.get()); j && j->goal && j->name == record.name) j->reach = record.reach;
  }
}

}  // namespace flexure
