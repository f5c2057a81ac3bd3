#pragma once
// FieldVisitor that assigns node, constraint and settings fields from the members of one JSON
// object. Type mismatches and missing required fields become LoadError at the value's position;
// every key it reads is recorded, so the caller can warn about the keys nobody asked for.
#include <set>
#include <string>

#include "flexure/core/field_visitor.h"
#include "json_context.h"

namespace flexure::io_detail {

class JsonFieldReader final : public FieldVisitor {
 public:
  JsonFieldReader(const json::Value& object, std::string path, const JsonContext& context)
      : object_(object), path_(std::move(path)), context_(context) {}

  void field(std::string_view name, bool& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, int& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, double& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, std::string& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, Vec3d& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, SurfacePoint& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, std::vector<double>& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, std::vector<int>& value, FieldUse use = FieldUse::Optional) override;
  void field(std::string_view name, std::vector<std::string>& value, FieldUse use = FieldUse::Optional) override;
  void records(std::string_view name, std::size_t count, const std::function<void(std::size_t)>& resize,
               const RecordBinder& bind, FieldUse use = FieldUse::Optional) override;
  bool isReading() const override { return true; }

  // Marks keys handled by the caller (name, type, params, children ...).
  void consume(std::string_view key) { consumed_.insert(std::string(key)); }
  // One warning per member that was neither visited nor consumed; `what` names the owner
  // ("node type 'tube'").
  void warnAboutUnreadKeys(const std::string& what) const;

 private:
  // The member `name` (nullptr when absent and optional); marks it as read.
  const json::Value* lookup(std::string_view name, FieldUse use);
  std::string pathOf(std::string_view name) const { return memberPath(path_, name); }

  const json::Value& object_;
  std::string path_;
  const JsonContext& context_;
  std::set<std::string, std::less<>> consumed_;
};

// An exception thrown by a node's, constraint's or settings block's own code while `object` was
// read, as a LoadError: at the value of the field a FieldError::about names when `object` has
// it, else at `object` itself.
[[noreturn]] void failInObject(const JsonContext& context, const json::Value& object, const std::string& path,
                               const std::exception& error);

// Conversions shared with the rest of the scene reader; each throws LoadError at `v`.
double readNumber(const json::Value& v, const std::string& path, const JsonContext& context);
int readInt(const json::Value& v, const std::string& path, const JsonContext& context);
bool readBool(const json::Value& v, const std::string& path, const JsonContext& context);
const std::string& readString(const json::Value& v, const std::string& path, const JsonContext& context);
Vec3d readVec3(const json::Value& v, const std::string& path, const JsonContext& context);
void requireObject(const json::Value& v, const std::string& path, const JsonContext& context);
void requireArray(const json::Value& v, const std::string& path, const JsonContext& context);

}  // namespace flexure::io_detail
