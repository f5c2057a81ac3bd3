#pragma once
// The outliner's "Add" menu: every node type of the NodeRegistry, grouped the way a user looks
// for them (primitives, operators, solids, curves, deformers).
#include <QString>
#include <string>
#include <vector>

namespace flexure::app {

struct NodeCategory {
  QString title;                   // "Primitives", ...
  std::vector<std::string> types;  // sorted
};

// The registry's types in their categories (empty categories are left out).
std::vector<NodeCategory> nodeCatalog();

}  // namespace flexure::app
