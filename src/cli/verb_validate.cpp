// validate FILE: loads the file exactly as the application would and says "ok", or prints the
// first error as FILE:LINE:COL: message (main.cpp) and fails.
#include <iostream>

#include "scene_loading.h"
#include "verb.h"

namespace flexure::cli {

namespace {

int runValidate(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to check)");
  openScene(args.positional()[0]);  // throws LoadError; warnings go to stderr
  std::cout << "ok\n";
  return kExitOk;
}

}  // namespace

const Verb& validateVerb() {
  static const Verb verb{
      "validate",
      "check that a scene (or importable) file loads; print ok or FILE:LINE:COL: message",
      "usage: flexure-cli validate FILE\n\n"
      "Loads FILE (a .json scene, or any format with an importer: .obj, description files) with\n"
      "the same all-or-nothing reader the application uses. Prints \"ok\" and exits 0 when it\n"
      "loads; otherwise prints FILE:LINE:COL: JSON.PATH: message to stderr and exits 1.\n"
      "Warnings (unknown fields) go to stderr and do not fail validation.\n",
      {},
      runValidate};
  return verb;
}

}  // namespace flexure::cli
