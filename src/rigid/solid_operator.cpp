#include "flexure/rigid/solid_operator.h"

#include <cmath>

#include "flexure/rigid/mass_properties.h"

namespace flexure {

SolidOperator::SolidOperator() : massCache_(std::make_shared<MassPropertiesCache>()) {}

std::string SolidOperator::inertiaProblem(const std::vector<double>& I) {
  if (I.size() != 6) return "inertia needs 6 numbers: Ixx Iyy Izz Ixy Ixz Iyz";
  for (double x : I)
    if (!std::isfinite(x)) return "inertia must hold finite numbers";
  // Sylvester's criterion on [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]]: every leading
  // principal minor positive.
  const double xx = I[0], yy = I[1], zz = I[2], xy = I[3], xz = I[4], yz = I[5];
  const double minor2 = xx * yy - xy * xy;
  const double det = xx * (yy * zz - yz * yz) - xy * (xy * zz - yz * xz) + xz * (xy * yz - yy * xz);
  if (!(xx > 0.0 && minor2 > 0.0 && det > 0.0))
    return "inertia is not positive definite: a solid's inertia tensor must have positive principal moments";
  return {};
}

std::vector<ParamSpec> SolidOperator::parameterSpecs() const {
  return {{"x", 0.0}, {"y", 0.0}, {"z", 0.0}, {"qw", 1.0}, {"qx", 0.0}, {"qy", 0.0}, {"qz", 0.0}};
}

void SolidOperator::visitFields(FieldVisitor& v) {
  v.field("fixed", fixed);
  v.field("mass", mass);  // 0: from the primitives and the density
  v.field("density", density);
  v.field("centre_of_mass", centreOfMass);
  v.field("inertia", inertia);
  v.field("velocity", velocity);
  v.field("angular_velocity", angularVelocity);
  v.field("physical", physical);
  v.field("rotation_ability", rotationAbility);
  v.field("ground_contact", groundContact);
  v.recordList("loads", loads, MaxItems{kMaxLoads}, [](AppliedLoad& l, FieldVisitor& r) {
    r.field("force", l.force);
    r.field("point", l.point);
    r.field("torque", l.torque);
    r.field("from", l.from);
    r.field("until", l.until);
    if (r.isReading() && l.until < l.from) throw FieldError::about("until", "until must not be before from");
  });
  // Physically impossible data would load and then simulate nonsense (a negative mass falls up,
  // an indefinite inertia spins up by itself): refuse it where it is written.
  if (v.isReading()) {
    if (!(mass >= 0.0) || !std::isfinite(mass))
      throw FieldError::about("mass", "mass must not be negative (0: computed from the shapes and the density)");
    if (!(density > 0.0) || !std::isfinite(density)) throw FieldError::about("density", "density must be positive");
    if (!centreOfMass.empty() && centreOfMass.size() != 3) throw FieldError::about("centre_of_mass", "centre_of_mass needs 3 numbers");
    for (double x : centreOfMass)
      if (!std::isfinite(x)) throw FieldError::about("centre_of_mass", "centre_of_mass must hold finite numbers");
    if (!inertia.empty())
      if (const std::string problem = inertiaProblem(inertia); !problem.empty()) throw FieldError::about("inertia", problem);
    if (!isFinite(velocity)) throw FieldError::about("velocity", "velocity must be finite");
    if (!isFinite(angularVelocity)) throw FieldError::about("angular_velocity", "angular_velocity must be finite");
    if (!(rotationAbility > 0.0) || !std::isfinite(rotationAbility))
      throw FieldError::about("rotation_ability", "rotation_ability must be positive");
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
