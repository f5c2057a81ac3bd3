#include "flexure/io/fragment_file.h"

#include <stdexcept>

namespace flexure {

std::string exportFragment(const Scene& scene, const std::vector<std::string>& names, const FragmentOptions& options) {
  return fragmentToString(*extractFragment(scene, names, options));
}

ImportedFragment pasteFragment(Scene& scene, FragmentText& read, Node* parent, int position) {
  ImportedFragment out;
  try {
    static_cast<InsertedFragment&>(out) = insertFragment(scene, *read.fragment, {FragmentPlacement{parent, position, nullptr}});
  } catch (const FragmentConstraintError& e) {
    const auto& [where, path] = read.constraintLocations.at(e.index());
    throw LoadError(where, path, e.what());
  }
  out.loadWarnings = std::move(read.warnings);
  return out;
}

ImportedFragment importFragment(Scene& scene, std::string_view text, const FragmentImportOptions& options) {
  if (options.parent && options.parent->isPrimitive())
    throw std::invalid_argument("\"" + options.parent->name() + "\" is a primitive: it cannot hold pasted nodes");
  FragmentText read = readFragment(text, options.sourceName, options.baseDirectory);
  return pasteFragment(scene, read, options.parent, options.position);
}

}  // namespace flexure
