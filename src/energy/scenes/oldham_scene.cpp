#include "flexure/energy/scenes/oldham_scene.h"

#include <cmath>

#include "flexure/core/operators/group.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/cylinder.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/float_attach.h"
#include "flexure/energy/energy_settings.h"
#include "flexure/energy/terms/orientation.h"
#include "flexure/energy/terms/slider.h"

namespace flexure {

namespace {

// A primitive at a fixed offset inside a part's frame.
Node& partPiece(Scene& scene, Node& frame, std::unique_ptr<Node> leaf, const std::string& name, const Vec3d& offset) {
  Node& t = addNamed(scene, std::make_unique<TranslateOperator>(), name + "-offset", &frame);
  setVec(scene, t, offset, true);
  Node& l = addNamed(scene, std::move(leaf), name, &t);
  freezeSubtree(scene, l);
  return l;
}

// shaft-X: bearing translate → rotate → group of shaft, flange and tongue.
void addShaft(Scene& scene, const std::string& s, const Vec3d& bearing, const Quatd& q, bool rotationFrozen, double side,
              const Vec3d& tongueSize) {
  Node& t = addNamed(scene, std::make_unique<TranslateOperator>(), "shaft-" + s + "-bearing");
  setVec(scene, t, bearing, true);
  Node& r = addNamed(scene, std::make_unique<RotateOperator>(), "shaft-" + s + "-rotate", &t);
  setQuat(scene, r, q, rotationFrozen);
  Node& g = addNamed(scene, std::make_unique<GroupOperator>(), "shaft-" + s + "-part", &r);
  Node& shaft = partPiece(scene, g, std::make_unique<CylinderPrimitive>(), "shaft-" + s, {side * 1.0, 0, 0});
  setParam(scene, shaft, "length", 1.2, true); setParam(scene, shaft, "radius", 0.2, true);
  Node& flange = partPiece(scene, g, std::make_unique<CylinderPrimitive>(), "flange-" + s, {side * 0.4, 0, 0});
  setParam(scene, flange, "length", 0.2, true); setParam(scene, flange, "radius", 1.0, true);
  Node& tongue = partPiece(scene, g, std::make_unique<BlockPrimitive>(), "tongue-" + s, {side * 0.25, 0, 0});
  setParam(scene, tongue, "sx", tongueSize.x, true); setParam(scene, tongue, "sy", tongueSize.y, true);
  setParam(scene, tongue, "sz", tongueSize.z, true);
}

void addSlider(Scene& scene, const std::string& name, const std::string& tongue, const Vec3d& local, const Vec3d& p1,
               const Vec3d& p2) {
  auto c = std::make_unique<SliderTerm>();
  c->name = name;
  c->point.ref.node = tongue;
  c->point.at = "local";
  c->point.local = local;
  c->line.node = "disc";
  c->p1 = p1;
  c->p2 = p2;
  scene.constraints.push_back(std::move(c));
}

void addContact(Scene& scene, const std::string& name, const SurfacePoint& face, const std::string& flange) {
  auto c = std::make_unique<FloatAttachTerm>();
  c->name = name;
  c->a.node = "disc";
  c->pointA = face;
  c->b.node = flange;
  scene.constraints.push_back(std::move(c));
}

}  // namespace

std::unique_ptr<Scene> buildOldhamScene() {
  auto scene = std::make_unique<Scene>();
  scene->description = "Oldham coupling (Witkin, Fleischer & Barr 1987, Figure 2)";
  addShaft(*scene, "a", {0, 0, 0}, Quatd{}, true, -1.0, {0.1, 1.2, 0.2});
  addShaft(*scene, "b", {0, 0.35, 0.15}, Quatd::fromAxisAngle({1, 0.05, 0}, 0.45), false, +1.0, {0.1, 0.2, 1.2});
  // The loose middle disc.
  Node& dt = addNamed(*scene, std::make_unique<TranslateOperator>(), "disc-translate");
  setVec(*scene, dt, {0.15, 0.3, -0.25}, false);
  Node& dr = addNamed(*scene, std::make_unique<RotateOperator>(), "disc-rotate", &dt);
  setQuat(*scene, dr, Quatd::fromAxisAngle({1, 0.1, -0.1}, 0.35), false);
  Node& disc = addNamed(*scene, std::make_unique<CylinderPrimitive>(), "disc", &dr);
  setParam(*scene, disc, "length", 0.6, true);
  setParam(*scene, disc, "radius", 1.0, true);

  // Surface contact: the centre region of each disc face floats on its flange's face.
  addContact(*scene, "contact-a", {1, 0.0, 0.3}, "flange-a");
  addContact(*scene, "contact-b", {2, 0.0, 0.3}, "flange-b");
  // Tongue a (along shaft a's y) in groove 1 (along the disc's y at x = -0.25).
  addSlider(*scene, "groove-1-end-1", "tongue-a", {0, 0.5, 0}, {-0.25, -1, 0}, {-0.25, 1, 0});
  addSlider(*scene, "groove-1-end-2", "tongue-a", {0, -0.5, 0}, {-0.25, -1, 0}, {-0.25, 1, 0});
  // Tongue b (along shaft b's z) in groove 2 (along the disc's z at x = +0.25).
  addSlider(*scene, "groove-2-end-1", "tongue-b", {0, 0, 0.5}, {0.25, 0, -1}, {0.25, 0, 1});
  addSlider(*scene, "groove-2-end-2", "tongue-b", {0, 0, -0.5}, {0.25, 0, -1}, {0.25, 0, 1});
  // Shaft b turns in its bearing: its axis stays along x.
  auto axis = std::make_unique<OrientationTerm>();
  axis->name = "bearing-b";
  axis->a.node = "shaft-b";
  axis->mode = "axis";
  axis->axis = {1, 0, 0};
  axis->direction = {1, 0, 0};
  scene->constraints.push_back(std::move(axis));
  // Shaft a's angle is the drive: frozen for solving and playback, turned by a drag (drag_space.h).
  scene->settings.get<EnergySettings>().drives = {"shaft-a-rotate"};
  scene->resolveReferences();
  return scene;
}

void setOldhamDriveAngle(Scene& scene, double angle) {
  const Node* r = scene.find("shaft-a-rotate");
  const Quatd q = Quatd::fromAxisAngle({1, 0, 0}, angle);
  ParameterTable& p = scene.parameters();
  p.setValue(r->paramIndex("qw"), q.w); p.setValue(r->paramIndex("qx"), q.x);
  p.setValue(r->paramIndex("qy"), q.y); p.setValue(r->paramIndex("qz"), q.z);
}

double oldhamShaftAngle(const Scene& scene, const char* shaft) {
  const Node* r = scene.find(std::string("shaft-") + shaft + "-rotate");
  const ParameterTable& p = scene.parameters();
  const Quatd q = normalized(Quatd{p.value(r->paramIndex("qw")), p.value(r->paramIndex("qx")),
                                   p.value(r->paramIndex("qy")), p.value(r->paramIndex("qz"))});
  // The image of y under the rotation, read in the y,z plane: the angle about x.
  const Vec3d y = rotate(q, Vec3d(0, 1, 0));
  return std::atan2(y.z, y.y);
}

}  // namespace flexure
