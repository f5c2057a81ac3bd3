#pragma once
// A strict RFC 8259 JSON reader that keeps the line and column of every value (json_value.h).
// Numbers are converted with std::from_chars, which rounds correctly, so a double written by
// json_writer.h (shortest round-trip form) reads back bit-exact. Beyond the RFC's grammar it
// refuses what would make a scene ambiguous or unsafe: duplicate keys, invalid UTF-8, unpaired
// \u surrogates, numbers outside the range of a double, and nesting deeper than a limit.
#include <string>
#include <string_view>

#include "flexure/core/load_error.h"
#include "flexure/io/json_value.h"

namespace flexure::json {

struct ReadOptions {
  int maxDepth = 200;  // arrays and objects nested deeper than this are an error
};

// Parses a whole document (one value, surrounded only by whitespace; a leading UTF-8 byte order
// mark is skipped). Throws LoadError naming `sourceName`, the line and the column.
Value parse(std::string_view text, const std::string& sourceName, const ReadOptions& options = {});

}  // namespace flexure::json
