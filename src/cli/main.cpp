// flexure-cli: the headless face of Flexure. Each verb lives in its own file (verb_*.cpp);
// this table is the only place that lists them.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "flexure/core/load_error.h"
#include "flexure/core/version.h"
#include "flexure/modules.h"
#include "import_limit_options.h"
#include "render_benchmark.h"
#include "verb.h"

namespace {

using namespace flexure::cli;

const std::vector<const Verb*>& verbs() {
  static const std::vector<const Verb*> table = {&validateVerb(),  &infoVerb(),  &exportObjVerb(), &exportGltfVerb(),
                                                 &exportStlVerb(), &renderVerb(), &solveVerb(),     &animateVerb(),
                                                 &benchVerb()};
  return table;
}

void printTopLevelHelp(std::ostream& out) {
  out << "usage: flexure-cli VERB [options] [FILE]\n\n"
         "Headless Flexure: check, inspect, solve, animate, export and render scenes.\n\n"
         "verbs:\n";
  for (const Verb* v : verbs()) {
    std::string name = v->name;
    name.resize(12, ' ');
    out << "  " << name << v->summary << "\n";
  }
  out << "\n`flexure-cli VERB --help` describes a verb's options; `flexure-cli --version` prints the version.\n"
         "Exit codes: 0 success, 1 failure, 2 bad command line, 3 solver did not converge (solve).\n";
}

int runVerb(const Verb& verb, const std::vector<std::string>& args) {
  try {
    std::vector<OptionSpec> options = verb.options;
    if (verb.readsFiles)
      for (const OptionSpec& o : importLimitSpecs()) options.push_back(o);
    const Arguments parsed = Arguments::parse(args, options);
    if (parsed.wantsHelp()) {
      std::cout << verb.help << (verb.readsFiles ? importLimitHelp() : "");
      return kExitOk;
    }
    if (verb.readsFiles) applyImportLimits(parsed);
    return verb.run(parsed);
  } catch (const UsageError& e) {
    std::cerr << "flexure-cli " << verb.name << ": " << e.what() << "\n"
              << "run `flexure-cli " << verb.name << " --help` for usage\n";
    return kExitUsage;
  } catch (const flexure::LoadError& e) {
    std::cerr << e.what() << "\n";  // FILE:LINE:COL: path: message
    return kExitFailure;
  } catch (const std::exception& e) {
    std::cerr << "flexure-cli " << verb.name << ": error: " << e.what() << "\n";
    return kExitFailure;
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
      printTopLevelHelp(args.empty() ? std::cerr : std::cout);
      return args.empty() ? kExitUsage : kExitOk;
    }
    if (args[0] == "--version") {
      std::cout << "flexure-cli " << flexure::versionString() << "\n";
      return kExitOk;
    }
    for (const Verb* v : verbs()) {
      if (v->name != args[0]) continue;
      flexure::registerAllModules();
      registerRenderBenchmark();
      return runVerb(*v, {args.begin() + 1, args.end()});
    }
    std::cerr << "flexure-cli: unknown verb \"" << args[0] << "\"\n\n";
    printTopLevelHelp(std::cerr);
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "flexure-cli: error: " << e.what() << "\n";
    return kExitFailure;
  } catch (...) {
    std::cerr << "flexure-cli: unexpected error\n";
    return kExitFailure;
  }
}
