#pragma once
// Command-line arguments of one verb: positional arguments, flags and options with values
// ("--size 640x480", "--size=640x480", "-o out.png"). Unknown options are usage errors.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace flexure::cli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OptionSpec {
  std::string name;       // "--size"
  std::string shortName;  // "-o", or empty
  bool takesValue = false;
};

class Arguments {
 public:
  // `args` excludes the program and verb names. "--help"/"-h" is always accepted.
  static Arguments parse(const std::vector<std::string>& args, const std::vector<OptionSpec>& options);

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const;
  bool wantsHelp() const { return has("--help"); }

  // Typed option values; throw UsageError naming the option when the text does not parse.
  int intValue(const std::string& name, int fallback) const;
  double doubleValue(const std::string& name, double fallback) const;
  // Exactly `count` positional arguments, or UsageError.
  void requirePositional(std::size_t count, const char* what) const;

 private:
  std::vector<std::string> positional_;
  std::vector<std::pair<std::string, std::string>> options_;  // name (long form), value
};

}  // namespace flexure::cli
