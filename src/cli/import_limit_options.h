#pragma once
// --import-memory and --import-seconds: what a mesh read through assimp may take (issue 28;
// flexure/interchange/import_limits.h). Every verb that opens a file accepts them; main.cpp adds
// them to those verbs' options and help and applies them before the verb runs.
#include <vector>

#include "arguments.h"

namespace flexure::cli {

std::vector<OptionSpec> importLimitSpecs();
// The lines appended to a verb's --help.
const char* importLimitHelp();
// Sets the process-wide limits from the options (the defaults where absent); UsageError on a
// malformed size or a negative time.
void applyImportLimits(const Arguments& args);

}  // namespace flexure::cli
