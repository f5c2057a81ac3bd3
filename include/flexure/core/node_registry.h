#pragma once
// Node factories by type name ("sphere", "bend", "mes-curve", "metaball-deform", ...). The core
// registers its primitives and operators itself; other modules add theirs through
// flexure::registerAllModules() (flexure/modules.h).
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/node.h"

namespace flexure {

class NodeRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Node>()>;
  static NodeRegistry& instance();  // core types are registered on first use
  void add(std::string type, Factory factory);
  std::unique_ptr<Node> create(std::string_view type) const;  // nullptr if unknown
  std::vector<std::string> types() const;

 private:
  NodeRegistry();
  std::map<std::string, Factory, std::less<>> factories_;
};

// Registers sphere, block, cylinder, tube, torus, superquadric, bezier-patch, mesh, translate,
// rotate, scale, bend, twist, taper and group.
void registerCoreNodeTypes(NodeRegistry& registry);

}  // namespace flexure
