#include "json_field_reader.h"

#include <climits>
#include <cmath>

#include "flexure/core/node.h"
#include "flexure/io/json_writer.h"

namespace flexure::io_detail {

namespace {

[[noreturn]] void wrongType(const json::Value& v, const std::string& path, const JsonContext& context, const char* expected) {
  context.fail(v, path, std::string("expected ") + expected + ", found " + v.describe());
}

}  // namespace

double readNumber(const json::Value& v, const std::string& path, const JsonContext& context) {
  if (!v.isNumber()) wrongType(v, path, context, "a number");
  return v.asNumber();
}

int readInt(const json::Value& v, const std::string& path, const JsonContext& context) {
  const double d = readNumber(v, path, context);
  if (d != std::floor(d) || d < INT_MIN || d > INT_MAX) context.fail(v, path, "expected an integer, found " + json::formatNumber(d));
  return static_cast<int>(d);
}

bool readBool(const json::Value& v, const std::string& path, const JsonContext& context) {
  if (!v.isBool()) wrongType(v, path, context, "true or false");
  return v.asBool();
}

const std::string& readString(const json::Value& v, const std::string& path, const JsonContext& context) {
  if (!v.isString()) wrongType(v, path, context, "a string");
  return v.asString();
}

Vec3d readVec3(const json::Value& v, const std::string& path, const JsonContext& context) {
  if (!v.isArray() || v.items().size() != 3) wrongType(v, path, context, "an array of 3 numbers");
  Vec3d out;
  for (int i = 0; i < 3; ++i)
    out[i] = readNumber(v.items()[static_cast<std::size_t>(i)], indexPath(path, static_cast<std::size_t>(i)), context);
  return out;
}

void requireObject(const json::Value& v, const std::string& path, const JsonContext& context) {
  if (!v.isObject()) wrongType(v, path, context, "an object");
}

void requireArray(const json::Value& v, const std::string& path, const JsonContext& context) {
  if (!v.isArray()) wrongType(v, path, context, "an array");
}

void failInObject(const JsonContext& context, const json::Value& object, const std::string& path, const std::exception& error) {
  if (const auto* fieldError = dynamic_cast<const FieldError*>(&error); fieldError && !fieldError->field().empty())
    if (const json::Value* value = object.isObject() ? object.find(fieldError->field()) : nullptr)
      context.fail(*value, memberPath(path, fieldError->field()), error.what());
  context.fail(object, path, error.what());
}

const json::Value* JsonFieldReader::lookup(std::string_view name, FieldUse use) {
  consume(name);
  const json::Value* v = object_.find(name);
  if (!v && use == FieldUse::Required)
    context_.fail(object_, path_, "missing required field \"" + std::string(name) + "\"");
  return v;
}

void JsonFieldReader::field(std::string_view name, bool& value, FieldUse use) {
  if (const json::Value* v = lookup(name, use)) value = readBool(*v, pathOf(name), context_);
}

void JsonFieldReader::field(std::string_view name, int& value, FieldUse use) {
  if (const json::Value* v = lookup(name, use)) value = readInt(*v, pathOf(name), context_);
}

void JsonFieldReader::field(std::string_view name, double& value, FieldUse use) {
  if (const json::Value* v = lookup(name, use)) value = readNumber(*v, pathOf(name), context_);
}

void JsonFieldReader::field(std::string_view name, std::string& value, FieldUse use) {
  if (const json::Value* v = lookup(name, use)) value = readString(*v, pathOf(name), context_);
}

void JsonFieldReader::field(std::string_view name, Vec3d& value, FieldUse use) {
  if (const json::Value* v = lookup(name, use)) value = readVec3(*v, pathOf(name), context_);
}

// {"patch": 0, "u": 0.5, "v": 0.5}; patch defaults to 0, u and v are required.
void JsonFieldReader::field(std::string_view name, SurfacePoint& value, FieldUse use) {
  const json::Value* v = lookup(name, use);
  if (!v) return;
  const std::string path = pathOf(name);
  requireObject(*v, path, context_);
  JsonFieldReader inner(*v, path, context_);
  SurfacePoint p;
  inner.field("patch", p.patch, FieldUse::Optional);
  inner.field("u", p.u, FieldUse::Required);
  inner.field("v", p.v, FieldUse::Required);
  inner.warnAboutUnreadKeys("a surface point");
  if (p.patch < 0) context_.fail(*v->find("patch"), memberPath(path, "patch"), "patch index must not be negative");
  value = p;
}

void JsonFieldReader::field(std::string_view name, std::vector<double>& value, FieldUse use) {
  const json::Value* v = lookup(name, use);
  if (!v) return;
  const std::string path = pathOf(name);
  requireArray(*v, path, context_);
  std::vector<double> out;
  out.reserve(v->items().size());
  for (std::size_t i = 0; i < v->items().size(); ++i) out.push_back(readNumber(v->items()[i], indexPath(path, i), context_));
  value = std::move(out);
}

void JsonFieldReader::field(std::string_view name, std::vector<int>& value, FieldUse use) {
  const json::Value* v = lookup(name, use);
  if (!v) return;
  const std::string path = pathOf(name);
  requireArray(*v, path, context_);
  std::vector<int> out;
  out.reserve(v->items().size());
  for (std::size_t i = 0; i < v->items().size(); ++i) out.push_back(readInt(v->items()[i], indexPath(path, i), context_));
  value = std::move(out);
}

void JsonFieldReader::field(std::string_view name, std::vector<std::string>& value, FieldUse use) {
  const json::Value* v = lookup(name, use);
  if (!v) return;
  const std::string path = pathOf(name);
  requireArray(*v, path, context_);
  std::vector<std::string> out;
  out.reserve(v->items().size());
  for (std::size_t i = 0; i < v->items().size(); ++i) out.push_back(readString(v->items()[i], indexPath(path, i), context_));
  value = std::move(out);
}

// An array of objects, each read by its own JsonFieldReader (unknown keys warned per record).
void JsonFieldReader::records(std::string_view name, std::size_t, const std::function<void(std::size_t)>& resize,
                              const RecordBinder& bind, FieldUse use) {
  const json::Value* v = lookup(name, use);
  if (!v) return;
  const std::string path = pathOf(name);
  requireArray(*v, path, context_);
  try {
    resize(v->items().size());  // a limit (recordList with MaxItems) refuses the whole list here
  } catch (const FieldError& e) {
    context_.fail(*v, path, e.what());
  }
  for (std::size_t i = 0; i < v->items().size(); ++i) {
    const json::Value& item = v->items()[i];
    const std::string itemPath = indexPath(path, i);
    requireObject(item, itemPath, context_);
    JsonFieldReader record(item, itemPath, context_);
    // A record's own checks are reported in the record (at the field they name), not at the
    // object that holds the list.
    try {
      bind(i, record);
    } catch (const LoadError&) {
      throw;
    } catch (const FieldError& e) {
      failInObject(context_, item, itemPath, e);
    }
    record.warnAboutUnreadKeys("an entry of \"" + std::string(name) + "\"");
  }
}

void JsonFieldReader::warnAboutUnreadKeys(const std::string& what) const {
  for (std::size_t i = 0; i < object_.memberCount(); ++i) {
    const std::string& key = object_.key(i);
    if (consumed_.count(key)) continue;
    context_.warn(object_.keyPosition(i), pathOf(key), "unknown field \"" + key + "\" for " + what + " (ignored)");
  }
}

}  // namespace flexure::io_detail
