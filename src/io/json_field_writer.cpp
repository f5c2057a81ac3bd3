#include "json_field_writer.h"

#include "flexure/core/node.h"

namespace flexure::io_detail {

json::Value vec3Value(const Vec3d& v) {
  json::Value a = json::Value::array();
  a.push(v.x);
  a.push(v.y);
  a.push(v.z);
  return a;
}

void JsonFieldWriter::field(std::string_view name, bool& value, FieldUse) { object_.set(std::string(name), value); }
void JsonFieldWriter::field(std::string_view name, int& value, FieldUse) { object_.set(std::string(name), value); }
void JsonFieldWriter::field(std::string_view name, double& value, FieldUse) { object_.set(std::string(name), value); }
void JsonFieldWriter::field(std::string_view name, std::string& value, FieldUse) { object_.set(std::string(name), value); }
void JsonFieldWriter::field(std::string_view name, Vec3d& value, FieldUse) { object_.set(std::string(name), vec3Value(value)); }

void JsonFieldWriter::field(std::string_view name, SurfacePoint& value, FieldUse) {
  json::Value p = json::Value::object();
  p.set("patch", value.patch);
  p.set("u", value.u);
  p.set("v", value.v);
  object_.set(std::string(name), std::move(p));
}

void JsonFieldWriter::field(std::string_view name, std::vector<double>& value, FieldUse) {
  json::Value a = json::Value::array();
  for (double d : value) a.push(d);
  object_.set(std::string(name), std::move(a));
}

void JsonFieldWriter::field(std::string_view name, std::vector<int>& value, FieldUse) {
  json::Value a = json::Value::array();
  for (int i : value) a.push(i);
  object_.set(std::string(name), std::move(a));
}

void JsonFieldWriter::field(std::string_view name, std::vector<std::string>& value, FieldUse) {
  json::Value a = json::Value::array();
  for (const std::string& s : value) a.push(s);
  object_.set(std::string(name), std::move(a));
}

void JsonFieldWriter::records(std::string_view name, std::size_t count, const std::function<void(std::size_t)>&,
                              const RecordBinder& bind, FieldUse) {
  json::Value a = json::Value::array();
  for (std::size_t i = 0; i < count; ++i) {
    json::Value record = json::Value::object();
    JsonFieldWriter writer(record);
    bind(i, writer);
    a.push(std::move(record));
  }
  object_.set(std::string(name), std::move(a));
}

}  // namespace flexure::io_detail
