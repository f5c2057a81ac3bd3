#pragma once
// Prints a json::Value for people and for diffs: 2-space indentation, members in their stored
// order, one member or element per line, except short arrays and objects of numbers and
// booleans ([0, 0, 1], {"patch": 0, "u": 0.5, "v": 0.5}), which stay on one line. Doubles are
// printed with std::to_chars in the shortest form that reads back to the same bits (0.1, not
// 0.10000000000000001); -0.0 stays "-0". JSON has no NaN or infinity: writing one throws.
#include <stdexcept>
#include <string>

#include "flexure/io/json_value.h"

namespace flexure::json {

class WriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct WriteOptions {
  int indent = 2;
  int inlineWidth = 72;  // longest one-line form of a short array/object
};

// The document followed by a newline. Throws WriteError for a non-finite number.
std::string write(const Value& value, const WriteOptions& options = {});

// Shortest round-trip text of a finite double ("0.1", "1e-300", "-0", "2").
std::string formatNumber(double d);
// A JSON string literal with quotes; control characters escaped, UTF-8 kept as is.
std::string quote(const std::string& s);

}  // namespace flexure::json
