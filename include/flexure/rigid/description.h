#pragma once
// The parsed form of a description file (docs/description-language.md): objects, constraints
// and settings, with the position of each item for later error messages. Parsing builds this
// first and touches no scene, so an import is all-or-nothing.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/constraint.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/rigid_settings.h"
#include "flexure/rigid/solid_operator.h"

namespace flexure {

struct SourcePosition {
  int line = 0, column = 0;
};

struct ShapeDefinition {
  std::string type;  // sphere, block, cylinder, torus
  std::vector<double> size;
  Vec3d offset;      // "at x y z": position in the object's frame
  SourcePosition where;
};

struct ObjectDefinition {
  std::string name;
  SourcePosition where;
  std::vector<ShapeDefinition> shapes;
  double mass = 0.0;     // 0: from density
  double density = 1.0;
  bool fixed = false;
  Vec3d position;
  Quatd orientation;
  Vec3d velocity, spin;
  std::vector<AppliedLoad> loads;
  std::optional<Vec3d> centre;
  std::vector<double> inertia;  // 6 numbers when given
  bool physical = true;
  double rotationAbility = 1.0;
  bool groundContact = true;
};

struct ConstraintDefinition {
  SourcePosition where;
  std::string name;
  std::string object1, object2;  // object1 empty: the world
  SourcePosition object1Where, object2Where;
  RigidJoint joint;              // object names filled in when built
  bool hasHinge = false;
  bool twistNeedsAngleAxes = false;
  SourcePosition twistWhere;
};

struct Description {
  std::vector<ObjectDefinition> objects;
  std::vector<ConstraintDefinition> constraints;
  RigidSettings settings;
  bool hasSettings = false;
};

// Parses the whole text; throws LoadError with file, line and column.
Description parseDescription(std::string_view text, const std::string& fileName);
// Builds solids (SolidOperator + primitives), constraints and the "rigid" settings into an
// empty scene; throws LoadError (unknown object names, impossible shapes) before changing
// `into` at all.
void buildDescribedScene(const Description& description, const std::string& fileName, Scene& into);
// Reads, parses and builds: the ".dcl" importer.
void importDescriptionFile(const std::string& path, Scene& into);

}  // namespace flexure
