#pragma once
// A JSON document object model in which every value remembers where it was read (line and
// column), so that scene-file errors can point at the offending value rather than only at
// syntax errors. Objects keep their members in file order (the reader refuses duplicates),
// which is also the order the writer prints them in: diffs of saved scenes stay small.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace flexure::json {

// 1-based line and column (columns count Unicode code points); 0 when the value was built in
// memory rather than read.
struct Position {
  int line = 0;
  int column = 0;
};

class Value {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : type_(Type::Bool), bool_(b) {}
  Value(double d) : type_(Type::Number), number_(d) {}
  Value(int i) : type_(Type::Number), number_(i) {}
  Value(std::string s) : type_(Type::String), string_(std::move(s)) {}
  Value(const char* s) : type_(Type::String), string_(s) {}
  static Value array() { Value v; v.type_ = Type::Array; return v; }
  static Value object() { Value v; v.type_ = Type::Object; return v; }

  Type type() const { return type_; }
  bool isNull() const { return type_ == Type::Null; }
  bool isBool() const { return type_ == Type::Bool; }
  bool isNumber() const { return type_ == Type::Number; }
  bool isString() const { return type_ == Type::String; }
  bool isArray() const { return type_ == Type::Array; }
  bool isObject() const { return type_ == Type::Object; }
  // "null", "a boolean", "a number", "a string", "an array", "an object": for messages.
  static const char* describe(Type t);
  const char* describe() const { return describe(type_); }

  Position position() const { return position_; }
  void setPosition(Position p) { position_ = p; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  const std::string& asString() const { return string_; }

  // Arrays: the elements. Objects: the member values, in the same order as keys().
  const std::vector<Value>& items() const { return items_; }
  std::vector<Value>& items() { return items_; }
  Value& push(Value v);

  // Objects, in insertion order.
  std::size_t memberCount() const { return keys_.size(); }
  const std::string& key(std::size_t i) const { return keys_[i]; }
  Position keyPosition(std::size_t i) const { return keyPositions_[i]; }
  const Value& memberValue(std::size_t i) const { return items_[i]; }
  // Index of the member named `key`, or -1.
  int indexOf(std::string_view key) const;
  const Value* find(std::string_view key) const;
  Value* find(std::string_view key);
  // Appends a member, or replaces the value of an existing one.
  Value& set(std::string key, Value v, Position keyPosition = {});

 private:
  Type type_ = Type::Null;
  bool bool_ = false;
  double number_ = 0.0;
  std::string string_;
  std::vector<Value> items_;
  std::vector<std::string> keys_;
  std::vector<Position> keyPositions_;
  Position position_;
};

}  // namespace flexure::json
