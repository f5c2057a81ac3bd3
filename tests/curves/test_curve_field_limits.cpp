// The limit on an MES curve's control points holds for every reader of its fields (the scene
// file, the property editor, snapshots), not only the JSON reader: it is declared where the
// field is bound (docs/scene-format.md, "Limits").
#include <catch2/catch.hpp>

#include "flexure/curves/mes_curve.h"

using namespace flexure;

namespace {
// A reader that assigns one int field, as the GUI's property editor does.
class AssignInt final : public FieldVisitor {
 public:
  AssignInt(std::string name, int value) : name_(std::move(name)), value_(value) {}
  void field(std::string_view, bool&, FieldUse) override {}
  void field(std::string_view n, int& v, FieldUse) override {
    if (n == name_) v = value_;
  }
  void field(std::string_view, double&, FieldUse) override {}
  void field(std::string_view, std::string&, FieldUse) override {}
  void field(std::string_view, Vec3d&, FieldUse) override {}
  void field(std::string_view, SurfacePoint&, FieldUse) override {}
  void field(std::string_view, std::vector<double>&, FieldUse) override {}
  void field(std::string_view, std::vector<int>&, FieldUse) override {}
  void field(std::string_view, std::vector<std::string>&, FieldUse) override {}
  void records(std::string_view, std::size_t, const std::function<void(std::size_t)>&, const RecordBinder&, FieldUse) override {}
  bool isReading() const override { return true; }

 private:
  std::string name_;
  int value_;
};
}  // namespace

TEST_CASE("mes-curve: a control-point count beyond the limit is refused by any reader, before Ψ is sized", "[curves][limits]") {
  MesCurve curve(6, false);
  AssignInt huge("count", 2000000000);
  try {
    curve.visitFields(huge);
    FAIL("no error");
  } catch (const FieldError& e) {
    CHECK(e.field() == "count");
    CHECK(std::string(e.what()) == "count must be at most 10000, found 2000000000");
  }
  CHECK(curve.shape().count == 6);  // the refused value is not kept
  CHECK(curve.parameterSpecs().size() == 12);

  AssignInt largest("count", MesCurve::kMaxControlPoints);
  curve.visitFields(largest);
  CHECK(curve.parameterSpecs().size() == 2 * static_cast<std::size_t>(MesCurve::kMaxControlPoints));

  AssignInt tooFew("count", 3);  // an open curve needs four: the curve's own check, about the same field
  try {
    curve.visitFields(tooFew);
    FAIL("no error");
  } catch (const FieldError& e) {
    CHECK(e.field() == "count");
    CHECK_THAT(e.what(), Catch::Contains("at least 4 control points"));
  }
}
