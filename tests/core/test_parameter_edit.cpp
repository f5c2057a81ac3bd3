// The rules of an edit of Ψ shared by the property editor and the Python API (parameter_edit.h).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "flexure/core/parameter_edit.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/core/scene.h"

using namespace flexure;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

TEST_CASE("checkParameterEdit refuses non-finite values and empty intervals, clamps into bounds", "[parameters]") {
  ParameterEdit e{0.5, false, 0.0, 1.0};
  CHECK_FALSE(checkParameterEdit(e));
  CHECK(e.value == 0.5);
  e.value = 3.0;
  CHECK_FALSE(checkParameterEdit(e));
  CHECK(e.value == 1.0);  // clamped, as the editor's spin box does
  e.value = -kInf;
  CHECK(checkParameterEdit(e));
  e.value = std::nan("");
  CHECK(checkParameterEdit(e)->find("finite") != std::string::npos);
  ParameterEdit empty{0.5, false, 1.0, 0.0};
  CHECK(checkParameterEdit(empty)->find("greater than the upper bound") != std::string::npos);
  ParameterEdit nanBound{0.5, false, std::nan(""), 1.0};
  CHECK(checkParameterEdit(nanBound));
  ParameterEdit open{1e300, true, -kInf, kInf};  // frozen entries may be set
  CHECK_FALSE(checkParameterEdit(open));
  CHECK(open.value == 1e300);
}

TEST_CASE("checkParameterValues checks a whole Ψ and names the first bad entry", "[parameters]") {
  Scene scene;
  Node& ball = scene.add(std::make_unique<SpherePrimitive>());
  ParameterTable& table = scene.parameters();
  const int radius = ball.paramIndex("radius");
  REQUIRE(radius >= 0);
  table.info(radius).lower = 0.0;
  table.info(radius).upper = 2.0;
  Eigen::VectorXd next = table.values();
  next[radius] = 5.0;
  CHECK_FALSE(checkParameterValues(table, next));
  CHECK(next[radius] == 2.0);
  next[radius] = std::nan("");
  const auto problem = checkParameterValues(table, next);
  REQUIRE(problem);
  CHECK(problem->find(table.info(radius).qualifiedName()) == 0);
  Eigen::VectorXd shorter(table.size() + 1);
  CHECK(checkParameterValues(table, shorter));
}
