// bench [NAME|all] [--quick]: runs BenchmarkRegistry suites and prints one JSON document.
#include <iostream>
#include <nlohmann/json.hpp>

#include "flexure/core/benchmark_registry.h"
#include "verb.h"

namespace flexure::cli {

namespace {

int runBench(const Arguments& args) {
  if (args.positional().size() > 1) throw UsageError("unexpected argument \"" + args.positional()[1] + "\"");
  const std::string name = args.positional().empty() ? "all" : args.positional()[0];
  const auto& suites = BenchmarkRegistry::instance().suites();
  nlohmann::json out = nlohmann::json::object();
  bool found = false;
  for (const BenchmarkSuite& s : suites) {
    if (name != "all" && s.name != name) continue;
    found = true;
    std::cerr << "bench: running " << s.name << (args.has("--quick") ? " (quick)" : "") << "...\n";
    out[s.name] = s.run(args.has("--quick"));
  }
  if (!found && name != "all") {
    std::string known;
    for (const BenchmarkSuite& s : suites) known += (known.empty() ? "" : ", ") + s.name;
    throw UsageError("unknown benchmark \"" + name + "\" (known: " + (known.empty() ? "none" : known) + ", all)");
  }
  std::cout << out.dump(2) << "\n";
  return kExitOk;
}

}  // namespace

const Verb& benchVerb() {
  static const Verb verb{
      "bench",
      "run benchmark suites (energy, rigid, curves, deform, io, scaling, ... or all); print JSON",
      "usage: flexure-cli bench [NAME|all] [--quick]\n\n"
      "Runs the named benchmark suite, or every registered suite (default), and prints one JSON\n"
      "document {\"NAME\": {...}}. Each suite reports its figures next to the baseline it is\n"
      "compared with in the same run (the paper's method, a naive loop, ...). Progress goes to\n"
      "stderr.\n\n"
      "options:\n"
      "  --quick   fewer repetitions and smaller problems (for CI smoke runs)\n",
      {{"--quick", "", false}},
      runBench,
      false};
  return verb;
}

}  // namespace flexure::cli
