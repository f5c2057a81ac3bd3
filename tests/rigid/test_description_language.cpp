#include <catch2/catch.hpp>

#include "flexure/core/load_error.h"
#include "flexure/core/scene.h"
#include "flexure/rigid/description.h"
#include "flexure/rigid/register.h"

using namespace flexure;

namespace {

const char* const kValid = R"(/* two links and a slider */
settings gravity 0 -9.81 0; timestep 0.005; ground 0; friction 0.5; scheme paper; end
object base fixed; shape block 1 0.2 1; position 0 1 0; end
object arm
  shape cylinder 1 0.1 at 0.5 0 0; // a rod
  mass 2; position 1 1 0; rotation 0 0 1 0.3;
  force 0 0 1 at 1 0 0 during 0 2; torque 0 1 0;
  velocity 1 0 0; spin 0 0 1;
end
object slider shape sphere 0.2; density 3; end
constraint object1 base; object2 arm; hinge 0.5 0 0 0 0 0;
  angle 0 0 1 0 0 1 max 0.5; twist 1 0 0 1 0 0 min -0.1 max .1; end
constraint object2 slider; hinge 0 0 0 0 0 0; axial 1 0 0 min -1 max 1; during 1 3; end
constraint object1 arm; object2 slider; planar 0 1 0 max 2; end
constraint name tilt; object2 arm; angle 0 1 0 0 1 0 max 0.066; end
)";

LoadError parseError(const std::string& text) {
  registerRigidModule();
  try {
    Scene scene;
    buildDescribedScene(parseDescription(text, "test.dcl"), "test.dcl", scene);
  } catch (const LoadError& e) {
    return e;
  }
  FAIL("no error for: " << text);
  return LoadError({}, "", "");
}

}  // namespace

TEST_CASE("a description file builds solids, constraints and settings", "[rigid][parser]") {
  registerRigidModule();
  Scene scene;
  buildDescribedScene(parseDescription(kValid, "valid.dcl"), "valid.dcl", scene);
  REQUIRE(scene.find("arm"));
  REQUIRE(scene.find("arm.shape1"));
  REQUIRE(scene.find("arm.shape1-offset"));
  const auto& arm = static_cast<const SolidOperator&>(*scene.find("arm"));
  CHECK(arm.mass == 2.0);
  CHECK(arm.loads.size() == 2);
  CHECK(arm.loads[0].until == 2.0);
  CHECK(arm.velocity.x == 1.0);
  CHECK(scene.parameters().value(arm.paramIndex("x")) == 1.0);
  CHECK(static_cast<const SolidOperator&>(*scene.find("base")).fixed);
  REQUIRE(scene.constraints.size() == 4);
  const auto& hinge = static_cast<const RigidJoint&>(*scene.constraints[0]);
  CHECK(hinge.kind() == "point-to-point");
  CHECK(hinge.object1 == "base");
  CHECK(hinge.point1.x == 0.5);
  CHECK(hinge.angle.enabled);
  CHECK(hinge.angle.max == 0.5);
  CHECK(hinge.twist.enabled);
  CHECK(hinge.twist.min == -0.1);
  const auto& slide = static_cast<const RigidJoint&>(*scene.constraints[1]);
  CHECK(slide.kind() == "point-to-segment");
  CHECK(slide.object1.empty());  // default: the world
  CHECK(slide.min == -1.0);
  CHECK(slide.active.begin == 1.0);
  CHECK(slide.active.end == 3.0);
  CHECK(scene.constraints[2]->kind() == "point-to-ring");
  CHECK(scene.constraints[3]->kind() == "angle-twist");
  CHECK(scene.constraints[3]->name == "tilt");
  const auto* settings = scene.settings.tryGet<RigidSettings>();
  REQUIRE(settings);
  CHECK(settings->ground);
  CHECK(settings->timeStep == 0.005);
  CHECK(settings->scheme == "paper");
}

TEST_CASE("the paper's Appendix A constraint syntax parses as printed", "[rigid][parser]") {
  const char* appendix = R"(
object world-less shape sphere 1; end
object body shape block 1 1 1; end
object wheel shape cylinder 0.1 0.8; end
/* Constraint between the wheel and the
character's body */
constraint object1 body; object2 wheel;
hinge 0 -2.0 0 0 0 0;
angle 1 0 0 1 0 0 max 0; end
constraint object2 body; /* default object1:
world-fixed coordinate system */
angle 0 1 0 0 1 0 max 0.066; end
)";
  registerRigidModule();
  Scene scene;
  buildDescribedScene(parseDescription(appendix, "a.dcl"), "a.dcl", scene);
  CHECK(scene.constraints.size() == 2);
}

TEST_CASE("every malformed construct is an error with line and column", "[rigid][parser]") {
  struct Case {
    const char* text;
    int line, column;
    const char* fragment;
  };
  const Case cases[] = {
      {"object a shape sphere 1; end\n/* never closed", 2, 1, "unterminated comment"},
      {"object a shape sphere 1; end\nconstraint object2 a; hinge 0 0 0 0 0 0 end", 2, 41, "expected ';'"},
      {"object a shape sphere 1; end\nconstraint object2 a; hinge 0 0 x 0 0 0; end", 2, 33, "expected a number"},
      {"object a shape sphere 1; end\nconstraint object2 a; hinge 0 0 0 0 0 0;", 2, 1, "without 'end'"},
      {"object a shape sphere 1; end\nconstraint object2 a; pivot 0 0 0; end", 2, 23, "unknown constraint clause"},
      {"object a shape sphere 1; end\nconstraint object2 b; hinge 0 0 0 0 0 0; end", 2, 20, "unknown object 'b'"},
      {"object a shape sphere 1; end\nconstraint hinge 0 0 0 0 0 0; end", 2, 1, "without 'object2'"},
      {"object a shape sphere 1; end\nconstraint object2 a; axial 1 0 0 min 2 max 1; end", 2, 23, "min is larger"},
      {"object a shape sphere 1; end\nconstraint object2 a; twist 1 0 0 1 0 0; end", 2, 23, "needs an angle clause"},
      {"object a shape sphere 1; end\nconstraint object2 a; twist 1 0 0; end", 2, 23, "twist takes"},
      {"object a shape cone 1; end", 1, 10, "unknown shape"},
      {"object a shape sphere -1; end", 1, 10, "positive"},
      {"object a shape sphere 1; end\nobject a shape sphere 1; end", 2, 1, "defined twice"},
      {"object a shape sphere 1; mass 0; end", 1, 26, "mass must be positive"},
      {"object a shape sphere 1; end\nconstraint object2 a; hinge 0 0 0 0 0 0; hinge 0 0 0 0 0 0; end", 2, 42, "given twice"},
      {"object a shape sphere 1; end\nconstraint object2 a; axial 1 0 0; planar 0 1 0; end", 2, 36, "only one of"},
      {"object a shape sphere 1; end\nconstraint object2 a; angle 0 0 0 1 0 0; end", 2, 29, "zero vector"},
      {"object a shape sphere 1; end\nconstraint object2 a; during 3 1; end", 2, 23, "ends before"},
      {"object a shape sphere 1; end\nconstraint object2 a; end", 2, 1, "constrains nothing"},
      {"settings gravity 0 -9.81; end", 1, 25, "expected a number"},
      {"settings scheme fast; end", 1, 10, "scheme must be"},
      {"object a # end", 1, 10, "unexpected character"},
      {"42", 1, 1, "expected 'object'"},
      {"object a shape sphere 1;\nconstraint object2 a; end", 2, 1, "missing 'end' before 'constraint'"},
      {"object a shape sphere 1; end object b end\nconstraint object1 a; object2 b; surface a.shape9; end", 2, 1, "not a shape"},
      // Repetitions are whole numbers within limits (docs/scene-format.md, "Limits"), checked
      // at the number before anything runs that often; no number may be infinite.
      {"settings substeps 2000000000; end", 1, 19, "substeps must be a whole number between 1 and 10000"},
      {"settings iterations 0.5; end", 1, 21, "iterations must be a whole number"},
      {"settings assembly-iterations 1e12; end", 1, 30, "assembly-iterations must be a whole number between 1 and 1000000"},
      {"settings timestep 1e-9; end", 1, 10, "time step must be at least"},
      {"object a shape sphere 1e999; end", 1, 23, "out of the range of a double"},
      // An inertia tensor must be positive definite: Ixy = 5 with Ixx = Iyy = 1 is not.
      {"object a shape sphere 1; inertia 1 1 1 5 0 0; end", 1, 26, "inertia is not positive definite"},
      {"object a shape sphere 1; inertia 1 -1 1; end", 1, 26, "inertia is not positive definite"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const LoadError e = parseError(c.text);
    CHECK(e.where().file == "test.dcl");
    CHECK(e.where().line == c.line);
    CHECK(e.where().column == c.column);
    CHECK_THAT(e.message(), Catch::Contains(c.fragment));
  }
}

TEST_CASE("a failed import leaves the scene untouched", "[rigid][parser]") {
  registerRigidModule();
  Scene scene;
  const std::size_t before = scene.nodes().size();
  CHECK_THROWS_AS(buildDescribedScene(parseDescription("object a shape sphere 1; end\nconstraint object2 zz; "
                                                       "hinge 0 0 0 0 0 0; end", "x.dcl"), "x.dcl", scene),
                  LoadError);
  CHECK(scene.nodes().size() == before);
  CHECK(scene.constraints.empty());
}
