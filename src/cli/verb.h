#pragma once
// A flexure-cli verb: its name, a one-line summary for the top-level help, the full help text,
// the options it accepts and the function that runs it. main.cpp lists the verbs in a table.
#include <string>
#include <vector>

#include "arguments.h"

namespace flexure::cli {

// Exit codes shared by every verb (docs/cli.md).
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,       // bad input file, I/O error, render or solver failure
  kExitUsage = 2,         // bad command line
  kExitNotConverged = 3,  // solve: a solver stopped without meeting its constraints
};

struct Verb {
  std::string name;
  std::string summary;
  std::string help;  // usage line, description, options
  std::vector<OptionSpec> options;
  int (*run)(const Arguments&) = nullptr;
  bool readsFiles = true;  // takes --import-memory and --import-seconds (import_limit_options.h)
};

const Verb& validateVerb();
const Verb& infoVerb();
const Verb& exportObjVerb();
const Verb& exportGltfVerb();
const Verb& exportStlVerb();
const Verb& renderVerb();
const Verb& solveVerb();
const Verb& animateVerb();
const Verb& benchVerb();

}  // namespace flexure::cli
