#include "bullet_chain.h"

#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <vector>

#include "flexure/rigid/mass_properties.h"

namespace flexure::peers {

struct BulletChain::World {
  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher{&configuration};
  btDbvtBroadphase broadphase;
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld dynamics{&dispatcher, &broadphase, &solver, &configuration};
  std::unique_ptr<btBoxShape> box;
  std::vector<std::unique_ptr<btDefaultMotionState>> states;
  std::vector<std::unique_ptr<btRigidBody>> bodies;
  std::vector<std::unique_ptr<btPoint2PointConstraint>> joints;

  ~World() {
    for (auto& j : joints) dynamics.removeConstraint(j.get());
    for (auto& b : bodies) dynamics.removeRigidBody(b.get());
  }
};

BulletChain::BulletChain(int links, bool closed, double width, int solverIterations) : world_(std::make_unique<World>()) {
  World& w = *world_;
  w.dynamics.setGravity(btVector3(0.0, -9.81, 0.0));
  w.dynamics.getSolverInfo().m_numIterations = solverIterations;
  w.box = std::make_unique<btBoxShape>(btVector3(0.5, 0.5 * width, 0.5 * width));
  // makeRodChain's links: the block's inertia at unit mass (the same numbers as Flexure's).
  const MassProperties block = blockMassProperties(1.0, width, width, 1.0);
  const double scale = 1.0 / block.mass;
  const btVector3 inertia(block.inertia.m[0][0] * scale, block.inertia.m[1][1] * scale, block.inertia.m[2][2] * scale);
  constexpr double kFullTurn = 2.0 * 3.141592653589793;
  const double turn = closed ? kFullTurn / links : 0.0;  // a ring: a regular polygon, as makeRodChain
  btVector3 start(0.0, 0.0, 0.0);
  for (int i = 0; i < links; ++i) {
    const btQuaternion q(btVector3(0.0, 1.0, 0.0), -turn * i);
    const btVector3 axis = btMatrix3x3(q) * btVector3(1.0, 0.0, 0.0);
    const btTransform pose(q, start + axis * 0.5);
    start += axis;
    w.states.push_back(std::make_unique<btDefaultMotionState>(pose));
    btRigidBody::btRigidBodyConstructionInfo info(1.0, w.states.back().get(), w.box.get(), inertia);
    w.bodies.push_back(std::make_unique<btRigidBody>(info));
    w.bodies.back()->setActivationState(DISABLE_DEACTIVATION);
    w.dynamics.addRigidBody(w.bodies.back().get(), 0, 0);  // collides with nothing
  }
  const btVector3 end(0.5, 0.0, 0.0), begin(-0.5, 0.0, 0.0);
  const auto join = [&w](btPoint2PointConstraint* c) {
    w.joints.emplace_back(c);
    w.dynamics.addConstraint(c, true);
  };
  join(new btPoint2PointConstraint(*w.bodies.front(), begin));  // anchored where it starts: the origin
  for (std::size_t i = 0; i + 1 < w.bodies.size(); ++i)
    join(new btPoint2PointConstraint(*w.bodies[i], *w.bodies[i + 1], end, begin));
  if (closed) join(new btPoint2PointConstraint(*w.bodies.back(), *w.bodies.front(), end, begin));
}

BulletChain::~BulletChain() = default;

void BulletChain::step(double dt) { world_->dynamics.stepSimulation(static_cast<btScalar>(dt), 0); }

double BulletChain::largestGap() const {
  double worst = 0.0;
  for (const auto& j : world_->joints) {
    const btVector3 a = j->getRigidBodyA().getCenterOfMassTransform() * j->getPivotInA();
    const btVector3 b = j->getRigidBodyB().getCenterOfMassTransform() * j->getPivotInB();
    worst = std::max(worst, static_cast<double>((a - b).length()));
  }
  return worst;
}

std::string BulletChain::version() {
  return std::to_string(BT_BULLET_VERSION / 100) + "." + std::to_string(BT_BULLET_VERSION % 100);
}

}  // namespace flexure::peers
