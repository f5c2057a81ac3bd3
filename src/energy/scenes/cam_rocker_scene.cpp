#include "flexure/energy/scenes/cam_rocker_scene.h"

#include <cmath>

#include "flexure/core/operators/group.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/param_access.h"
#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/cylinder.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/energy/path_frame.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/attach_point.h"
#include "flexure/energy/terms/collision.h"
#include "flexure/energy/energy_settings.h"
#include "flexure/energy/terms/orientation.h"

namespace flexure {

namespace {
Vec3d centreOf(const Scene& scene, const char* leaf) {
  const Path path = scene.pathTo(static_cast<const Primitive&>(*scene.find(leaf)));
  return pathMapPoint(path, ValueAccess(scene.parameters().values()), Vec3d{});
}
}  // namespace

std::unique_ptr<Scene> buildCamRockerScene() {
  auto scene = std::make_unique<Scene>();
  scene->description = "Cam and rocker arm (Witkin, Fleischer & Barr 1987, Figure 3)";
  // Camshaft along y; the cam disc is a cylinder (axis x) turned to lie along y, 0.3 off-centre.
  Node& camT = addNamed(*scene, std::make_unique<TranslateOperator>(), "camshaft");
  setVec(*scene, camT, {0, 0, 0}, true);
  Node& camR = addNamed(*scene, std::make_unique<RotateOperator>(), "cam-rotate", &camT);
  setQuat(*scene, camR, Quatd{}, true);
  Node& offset = addNamed(*scene, std::make_unique<TranslateOperator>(), "cam-offset", &camR);
  setVec(*scene, offset, {kCamEccentricity, 0, 0}, true);
  Node& axis = addNamed(*scene, std::make_unique<RotateOperator>(), "cam-axis", &offset);
  setQuat(*scene, axis, Quatd::fromAxisAngle({0, 0, 1}, M_PI / 2), true);
  Node& cam = addNamed(*scene, std::make_unique<CylinderPrimitive>(), "cam", &axis);
  setParam(*scene, cam, "length", 1.0, true);
  setParam(*scene, cam, "radius", kCamRadius, true);

  // Rocker: fulcrum translate → free rotation → arm and follower.
  Node& fulcrum = addNamed(*scene, std::make_unique<TranslateOperator>(), "fulcrum");
  setVec(*scene, fulcrum, {-1.6, 0, 1.45}, true);
  Node& rr = addNamed(*scene, std::make_unique<RotateOperator>(), "rocker-rotate", &fulcrum);
  setQuat(*scene, rr, Quatd::fromAxisAngle({0, 1, 0}, -0.05), false);  // start lifted off the cam
  Node& part = addNamed(*scene, std::make_unique<GroupOperator>(), "rocker", &rr);
  Node& armT = addNamed(*scene, std::make_unique<TranslateOperator>(), "arm-offset", &part);
  setVec(*scene, armT, {0.8, 0, 0.3}, true);
  Node& arm = addNamed(*scene, std::make_unique<BlockPrimitive>(), "arm", &armT);
  setParam(*scene, arm, "sx", 2.0, true); setParam(*scene, arm, "sy", 0.2, true); setParam(*scene, arm, "sz", 0.15, true);
  Node& rollerT = addNamed(*scene, std::make_unique<TranslateOperator>(), "follower-offset", &part);
  setVec(*scene, rollerT, {1.6, 0, 0}, true);
  Node& roller = addNamed(*scene, std::make_unique<SpherePrimitive>(), "follower", &rollerT);
  setParam(*scene, roller, "radius", kFollowerRadius, true);

  auto contact = std::make_unique<CollisionTerm>();
  contact->name = "follower-feels-cam";
  contact->a.node = "follower";
  contact->b.node = "cam";
  contact->kappa = 80.0;
  contact->samples = 10;
  contact->cutoff = 0.3;
  contact->penetrationTolerance = 1e-3;
  scene->constraints.push_back(std::move(contact));

  auto spring = std::make_unique<AttachPointTerm>();
  spring->name = "valve-spring";
  spring->weight = 0.05;
  spring->point.ref.node = "follower";
  spring->point.at = "local";
  spring->target = {0.0, 0.0, -2.0};
  scene->constraints.push_back(std::move(spring));

  auto hinge = std::make_unique<OrientationTerm>();
  hinge->name = "fulcrum-axis";
  hinge->a.node = "follower";
  hinge->mode = "axis";
  hinge->axis = {0, 1, 0};
  hinge->direction = {0, 1, 0};
  scene->constraints.push_back(std::move(hinge));
  // The camshaft turns in its bearing: the cam's axis (its cylinder's x) stays along y. Met by
  // construction and by every keyed angle; it is what keeps the cam in its bearing when a drag
  // turns the drive (the cam's angle: frozen for solving and playback, drag_space.h).
  auto bearing = std::make_unique<OrientationTerm>();
  bearing->name = "camshaft-bearing";
  bearing->a.node = "cam";
  bearing->mode = "axis";
  bearing->axis = {1, 0, 0};
  bearing->direction = {0, 1, 0};
  scene->constraints.push_back(std::move(bearing));
  scene->settings.get<EnergySettings>().drives = {"cam-rotate"};
  scene->resolveReferences();
  return scene;
}

void setCamAngle(Scene& scene, double angle) {
  const Node* r = scene.find("cam-rotate");
  const Quatd q = Quatd::fromAxisAngle({0, 1, 0}, angle);
  ParameterTable& p = scene.parameters();
  p.setValue(r->paramIndex("qw"), q.w); p.setValue(r->paramIndex("qx"), q.x);
  p.setValue(r->paramIndex("qy"), q.y); p.setValue(r->paramIndex("qz"), q.z);
}

Vec3d followerCentre(const Scene& scene) { return centreOf(scene, "follower"); }
Vec3d camCentre(const Scene& scene) { return centreOf(scene, "cam"); }

}  // namespace flexure
