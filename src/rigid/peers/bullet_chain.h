#pragma once
// The peers suite's chains and rings built in Bullet (Debian's libbullet-dev, 3.24), the way
// issue 29 measured Bullet: one btRigidBody per link, a box 1 × w × w of mass 1 (w = 0.2), a
// btPoint2PointConstraint at each pair of link ends, the first link's free end anchored to the
// world where it starts, released horizontal under gravity (-9.81 along y), stepped by
// btDiscreteDynamicsWorld with btSequentialImpulseConstraintSolver at 10 iterations, one step of
// 1/60 s per frame. The links collide with nothing (an empty collision filter): Flexure's chains
// have no contacts either, so what is compared is the joint solving. Only bullet_chain.cpp
// includes Bullet.
#include <memory>
#include <string>

namespace flexure::peers {

class BulletChain {
 public:
  BulletChain(int links, bool closed, double width, int solverIterations = 10);
  ~BulletChain();
  BulletChain(const BulletChain&) = delete;
  BulletChain& operator=(const BulletChain&) = delete;

  void step(double dt);  // one frame: stepSimulation(dt, 0), a single step of dt
  // Largest distance between the two pivots of any joint (world), in link lengths (links are 1).
  double largestGap() const;
  static std::string version();  // "3.24", from the headers built against

 private:
  struct World;
  std::unique_ptr<World> world_;
};

}  // namespace flexure::peers
