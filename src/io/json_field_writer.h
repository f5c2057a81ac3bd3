#pragma once
// FieldVisitor that writes node, constraint and settings fields as members of a JSON object,
// in the order the object visits them (so files diff well).
#include "flexure/core/field_visitor.h"
#include "flexure/io/json_value.h"

namespace flexure::io_detail {

class JsonFieldWriter final : public FieldVisitor {
 public:
  explicit JsonFieldWriter(json::Value& object) : object_(object) {}

  void field(std::string_view name, bool& value, FieldUse use) override;
  void field(std::string_view name, int& value, FieldUse use) override;
  void field(std::string_view name, double& value, FieldUse use) override;
  void field(std::string_view name, std::string& value, FieldUse use) override;
  void field(std::string_view name, Vec3d& value, FieldUse use) override;
  void field(std::string_view name, SurfacePoint& value, FieldUse use) override;
  void field(std::string_view name, std::vector<double>& value, FieldUse use) override;
  void field(std::string_view name, std::vector<int>& value, FieldUse use) override;
  void field(std::string_view name, std::vector<std::string>& value, FieldUse use) override;
  void records(std::string_view name, std::size_t count, const std::function<void(std::size_t)>& resize,
               const RecordBinder& bind, FieldUse use) override;
  bool isReading() const override { return false; }

 private:
  json::Value& object_;
};

json::Value vec3Value(const Vec3d& v);

}  // namespace flexure::io_detail
