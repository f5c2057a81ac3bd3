#include "flexure/io/json_value.h"

namespace flexure::json {

const char* Value::describe(Type t) {
  switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "a boolean";
    case Type::Number: return "a number";
    case Type::String: return "a string";
    case Type::Array: return "an array";
    case Type::Object: return "an object";
  }
  return "a value";
}

Value& Value::push(Value v) {
  items_.push_back(std::move(v));
  return items_.back();
}

int Value::indexOf(std::string_view key) const {
  for (std::size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key) return static_cast<int>(i);
  return -1;
}

const Value* Value::find(std::string_view key) const {
  const int i = indexOf(key);
  return i < 0 ? nullptr : &items_[static_cast<std::size_t>(i)];
}

Value* Value::find(std::string_view key) {
  const int i = indexOf(key);
  return i < 0 ? nullptr : &items_[static_cast<std::size_t>(i)];
}

Value& Value::set(std::string key, Value v, Position keyPosition) {
  if (Value* existing = find(key)) return *existing = std::move(v);
  keys_.push_back(std::move(key));
  keyPositions_.push_back(keyPosition);
  items_.push_back(std::move(v));
  return items_.back();
}

}  // namespace flexure::json
