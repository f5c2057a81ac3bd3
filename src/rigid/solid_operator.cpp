#include "flexure/rigid/solid_operator.h"

namespace flexure {

std::vector<ParamSpec> SolidOperator::parameterSpecs() const {
  return {{"x", 0.0}, {"y", 0.0}, {"z", 0.0}, {"qw", 1.0}, {"qx", 0.0}, {"qy", 0.0}, {"qz", 0.0}};
}

void SolidOperator::visitFields(FieldVisitor& v) {
  v.field("fixed", fixed);
  v.field("mass", mass);
  v.field("density", density);
  v.field("centre_of_mass", centreOfMass);
  v.field("inertia", inertia);
  v.field("velocity", velocity);
  v.field("angular_velocity", angularVelocity);
  v.field("physical", physical);
  v.field("rotation_ability", rotationAbility);
  v.field("ground_contact", groundContact);
  v.recordList("loads", loads, [](AppliedLoad& l, FieldVisitor& r) {
    r.field("force", l.force);
    r.field("point", l.point);
    r.field("torque", l.torque);
    r.field("from", l.from);
    r.field("until", l.until);
  });
  if (v.isReading()) {
    if (!centreOfMass.empty() && centreOfMass.size() != 3) throw FieldError("centre_of_mass needs 3 numbers");
    if (!inertia.empty() && inertia.size() != 6) throw FieldError("inertia needs 6 numbers: Ixx Iyy Izz Ixy Ixz Iyz");
    if (density <= 0.0) throw FieldError("density must be positive");
  }
}

std::unique_ptr<Node> SolidOperator::cloneNode() const {
  auto copy = std::make_unique<SolidOperator>();
  copy->fixed = fixed;
  copy->mass = mass;
  copy->density = density;
  copy->centreOfMass = centreOfMass;
  copy->inertia = inertia;
  copy->velocity = velocity;
  copy->angularVelocity = angularVelocity;
  copy->loads = loads;
  copy->physical = physical;
  copy->rotationAbility = rotationAbility;
  copy->groundContact = groundContact;
  return copy;
}

}  // namespace flexure
