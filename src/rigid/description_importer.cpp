// From a parsed description to scene nodes, constraints and settings (all-or-nothing: every
// check runs before the scene is touched).
#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "flexure/core/load_error.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene.h"
#include "flexure/rigid/description.h"
#include "flexure/rigid/permitted_region.h"

namespace flexure {

namespace {

const char* const kSizeSlots[][3] = {{"radius", nullptr, nullptr}, {"sx", "sy", "sz"}, {"length", "radius", nullptr},
                                     {"major", "minor", nullptr}};

int shapeIndex(const std::string& type) {
  if (type == "sphere") return 0;
  if (type == "block") return 1;
  if (type == "cylinder") return 2;
  return 3;
}

std::string shapeName(const ObjectDefinition& o, std::size_t i) { return o.name + ".shape" + std::to_string(i + 1); }

[[noreturn]] void fail(const std::string& file, const SourcePosition& at, const std::string& message) {
  throw LoadError({file, at.line, at.column}, "", message);
}

void validate(const Description& d, const std::string& file) {
  std::map<std::string, const ObjectDefinition*> objects;
  std::set<std::string> shapes;
  for (const ObjectDefinition& o : d.objects) {
    if (!objects.emplace(o.name, &o).second) fail(file, o.where, "object '" + o.name + "' is defined twice");
    for (std::size_t i = 0; i < o.shapes.size(); ++i) {
      shapes.insert(shapeName(o, i));
      if (!NodeRegistry::instance().create(o.shapes[i].type))
        fail(file, o.shapes[i].where, "this build has no primitive '" + o.shapes[i].type + "'");
    }
  }
  for (const ConstraintDefinition& c : d.constraints) {
    if (!c.object1.empty() && !objects.count(c.object1))
      fail(file, c.object1Where, "unknown object '" + c.object1 + "'");
    if (!objects.count(c.object2)) fail(file, c.object2Where, "unknown object '" + c.object2 + "'");
    if (c.object1 == c.object2) fail(file, c.object2Where, "a constraint needs two different objects");
    if (c.joint.translation == TranslationKind::Surface) {
      if (c.object1.empty()) fail(file, c.where, "a surface constraint needs object1 (the surface's owner)");
      if (!shapes.count(c.joint.surface) || c.joint.surface.rfind(c.object1 + ".shape", 0) != 0)
        fail(file, c.where, "'" + c.joint.surface + "' is not a shape of '" + c.object1 + "' (names are " +
                                c.object1 + ".shape1, .shape2, ...)");
    }
  }
}

void addObject(const ObjectDefinition& o, Scene& scene) {
  auto solid = std::make_unique<SolidOperator>();
  solid->setName(o.name);
  solid->fixed = o.fixed;
  solid->mass = o.mass;
  solid->density = o.density;
  if (o.centre) solid->centreOfMass = {o.centre->x, o.centre->y, o.centre->z};
  solid->inertia = o.inertia;
  solid->velocity = o.velocity;
  solid->angularVelocity = o.spin;
  solid->loads = o.loads;
  solid->physical = o.physical;
  solid->rotationAbility = o.rotationAbility;
  solid->groundContact = o.groundContact;
  Node& node = scene.add(std::move(solid));
  Eigen::VectorXd& psi = scene.parameters().values();
  const int at = node.paramOffset();
  const double pose[7] = {o.position.x, o.position.y, o.position.z, o.orientation.w, o.orientation.x,
                          o.orientation.y, o.orientation.z};
  for (int k = 0; k < 7; ++k) psi[at + k] = pose[k];
  for (std::size_t i = 0; i < o.shapes.size(); ++i) {
    const ShapeDefinition& s = o.shapes[i];
    Node* parent = &node;
    if (squaredNorm(s.offset) > 0.0) {
      auto move = NodeRegistry::instance().create("translate");
      move->setName(shapeName(o, i) + "-offset");
      parent = &scene.add(std::move(move), &node);
      const Vec3d off = s.offset;
      scene.parameters().setValue(parent->paramIndex("x"), off.x);
      scene.parameters().setValue(parent->paramIndex("y"), off.y);
      scene.parameters().setValue(parent->paramIndex("z"), off.z);
    }
    auto primitive = NodeRegistry::instance().create(s.type);
    primitive->setName(shapeName(o, i));
    Node& leaf = scene.add(std::move(primitive), parent);
    const int type = shapeIndex(s.type);
    for (std::size_t k = 0; k < s.size.size(); ++k)
      scene.parameters().setValue(leaf.paramIndex(kSizeSlots[type][k]), s.size[k]);
  }
}

}  // namespace

void buildDescribedScene(const Description& d, const std::string& file, Scene& into) {
  validate(d, file);
  for (const ObjectDefinition& o : d.objects) addObject(o, into);
  std::set<std::string> names;
  for (const ConstraintDefinition& c : d.constraints) {
    auto joint = std::make_unique<RigidJoint>(c.joint);
    joint->object1 = c.object1;
    joint->object2 = c.object2;
    std::string name = c.name.empty() ? (c.object1.empty() ? "world" : c.object1) + "-" + c.object2 : c.name;
    for (int k = 2; !names.insert(name).second; ++k) name = (c.name.empty() ? (c.object1.empty() ? "world" : c.object1) + "-" + c.object2 : c.name) + "-" + std::to_string(k);
    joint->name = name;
    into.constraints.push_back(std::move(joint));
  }
  if (d.hasSettings) into.settings.set(std::make_unique<RigidSettings>(d.settings));
  // Frame the objects with "up" against gravity (the paper's files use Oy as the vertical).
  Vec3d centre;
  double extent = 1.0;
  for (const ObjectDefinition& o : d.objects) centre += o.position / static_cast<double>(d.objects.size());
  for (const ObjectDefinition& o : d.objects) extent = std::max(extent, norm(o.position - centre));
  const Vec3d up = squaredNorm(d.settings.gravity) > 0.0 ? -normalized(d.settings.gravity) : Vec3d(0, 1, 0);
  Vec3d side, depth;
  orthonormalComplement(up, side, depth);
  into.camera.target = centre;
  into.camera.up = up;
  into.camera.eye = centre + (depth * 3.0 + side * 1.0 + up * 0.8) * extent;
  into.description = "Imported from the description file " + file;
  into.resolveReferences();
}

void importDescriptionFile(const std::string& path, Scene& into) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError({path, 0, 0}, "", "cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  buildDescribedScene(parseDescription(text.str(), path), path, into);
}

}  // namespace flexure
