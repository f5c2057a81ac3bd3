#include "flexure/io/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace flexure::json {

std::string formatNumber(double d) {
  if (!std::isfinite(d)) throw WriteError("cannot write a non-finite number (NaN or infinity) to JSON");
  char buf[64];
  const auto result = std::to_chars(buf, buf + sizeof buf, d);  // shortest round-trip form
  return std::string(buf, result.ptr);
}

std::string quote(const std::string& s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  out += '"';
  return out;
}

namespace {

bool isScalarNumberOrBool(const Value& v) { return v.isNumber() || v.isBool() || v.isNull(); }

std::string scalar(const Value& v) {
  switch (v.type()) {
    case Value::Type::Null: return "null";
    case Value::Type::Bool: return v.asBool() ? "true" : "false";
    case Value::Type::Number: return formatNumber(v.asNumber());
    case Value::Type::String: return quote(v.asString());
    default: return {};
  }
}

class Printer {
 public:
  explicit Printer(const WriteOptions& o) : options_(o) {}

  void print(const Value& v, int level) {
    if (v.isArray()) printArray(v, level);
    else if (v.isObject()) printObject(v, level);
    else out += scalar(v);
  }

  std::string out;

 private:
  // The one-line form of a short container of numbers and booleans (arrays may also hold
  // strings: a list of names reads well on one line), or empty when it does not qualify.
  std::string inlineForm(const Value& v, int level) const {
    if (v.items().empty()) return v.isArray() ? "[]" : "{}";
    std::string s = v.isArray() ? "[" : "{";
    for (std::size_t i = 0; i < v.items().size(); ++i) {
      const Value& item = v.items()[i];
      if (!isScalarNumberOrBool(item) && !(v.isArray() && item.isString())) return {};
      if (i) s += ", ";
      if (v.isObject()) s += quote(v.key(i)) + ": ";
      s += scalar(item);
    }
    s += v.isArray() ? "]" : "}";
    if (static_cast<int>(s.size()) + level * options_.indent > options_.inlineWidth + 8 ||
        static_cast<int>(s.size()) > options_.inlineWidth)
      return {};
    return s;
  }

  void newline(int level) {
    out += '\n';
    out.append(static_cast<std::size_t>(level * options_.indent), ' ');
  }

  void printArray(const Value& v, int level) {
    if (std::string s = inlineForm(v, level); !s.empty()) {
      out += s;
      return;
    }
    out += '[';
    for (std::size_t i = 0; i < v.items().size(); ++i) {
      if (i) out += ',';
      newline(level + 1);
      print(v.items()[i], level + 1);
    }
    newline(level);
    out += ']';
  }

  void printObject(const Value& v, int level) {
    if (std::string s = inlineForm(v, level); !s.empty()) {
      out += s;
      return;
    }
    out += '{';
    for (std::size_t i = 0; i < v.memberCount(); ++i) {
      if (i) out += ',';
      newline(level + 1);
      out += quote(v.key(i));
      out += ": ";
      print(v.memberValue(i), level + 1);
    }
    newline(level);
    out += '}';
  }

  WriteOptions options_;
};

}  // namespace

std::string write(const Value& value, const WriteOptions& options) {
  Printer p(options);
  p.print(value, 0);
  p.out += '\n';
  return p.out;
}

}  // namespace flexure::json
