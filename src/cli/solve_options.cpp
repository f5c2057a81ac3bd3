#include "solve_options.h"

namespace flexure::cli {

std::vector<OptionSpec> solveOptionSpecs(std::vector<OptionSpec> extra) {
  extra.push_back({"--method", "", true});
  extra.push_back({"--max-iterations", "", true});
  extra.push_back({"--tolerance", "", true});
  return extra;
}

SolveOptions solveOptionsFrom(const Arguments& args) {
  SolveOptions o;
  o.method = args.value("--method").value_or("default");
  if (o.method != "default" && o.method != "paper") throw UsageError("--method must be \"default\" or \"paper\", not \"" + o.method + "\"");
  o.maxIterations = args.intValue("--max-iterations", -1);
  if (args.has("--max-iterations") && o.maxIterations <= 0) throw UsageError("--max-iterations must be positive");
  o.tolerance = args.doubleValue("--tolerance", -1.0);
  if (args.has("--tolerance") && o.tolerance <= 0) throw UsageError("--tolerance must be positive");
  return o;
}

}  // namespace flexure::cli
