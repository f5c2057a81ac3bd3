#include "arguments.h"

#include <charconv>
#include <cmath>

namespace flexure::cli {

namespace {

const OptionSpec* findSpec(const std::vector<OptionSpec>& options, const std::string& name) {
  for (const OptionSpec& o : options)
    if (o.name == name || (!o.shortName.empty() && o.shortName == name)) return &o;
  return nullptr;
}

}  // namespace

Arguments Arguments::parse(const std::vector<std::string>& args, const std::vector<OptionSpec>& options) {
  Arguments out;
  bool onlyPositional = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (onlyPositional || a.size() < 2 || a[0] != '-') {
      out.positional_.push_back(a);
      continue;
    }
    if (a == "--") {
      onlyPositional = true;
      continue;
    }
    if (a == "--help" || a == "-h") {
      out.options_.emplace_back("--help", "");
      continue;
    }
    std::string name = a;
    std::optional<std::string> inlineValue;
    if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
      name = a.substr(0, eq);
      inlineValue = a.substr(eq + 1);
    }
    const OptionSpec* spec = findSpec(options, name);
    if (!spec) throw UsageError("unknown option " + name);
    if (!spec->takesValue) {
      if (inlineValue) throw UsageError("option " + spec->name + " takes no value");
      out.options_.emplace_back(spec->name, "");
      continue;
    }
    if (!inlineValue) {
      if (i + 1 >= args.size()) throw UsageError("option " + spec->name + " needs a value");
      inlineValue = args[++i];
    }
    out.options_.emplace_back(spec->name, *inlineValue);
  }
  return out;
}

bool Arguments::has(const std::string& name) const {
  for (const auto& [n, v] : options_)
    if (n == name) return true;
  return false;
}

// The last occurrence wins, as in most command-line tools.
std::optional<std::string> Arguments::value(const std::string& name) const {
  std::optional<std::string> found;
  for (const auto& [n, v] : options_)
    if (n == name) found = v;
  return found;
}

int Arguments::intValue(const std::string& name, int fallback) const {
  const auto text = value(name);
  if (!text) return fallback;
  int v = 0;
  const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || ptr != text->data() + text->size()) throw UsageError(name + " expects an integer, got \"" + *text + "\"");
  return v;
}

double Arguments::doubleValue(const std::string& name, double fallback) const {
  const auto text = value(name);
  if (!text) return fallback;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || ptr != text->data() + text->size() || !std::isfinite(v))
    throw UsageError(name + " expects a number, got \"" + *text + "\"");
  return v;
}

void Arguments::requirePositional(std::size_t count, const char* what) const {
  if (positional_.size() < count) throw UsageError(std::string("missing ") + what);
  if (positional_.size() > count) throw UsageError("unexpected argument \"" + positional_[count] + "\"");
}

}  // namespace flexure::cli
