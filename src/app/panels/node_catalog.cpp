#include "panels/node_catalog.h"

#include <QObject>
#include <algorithm>
#include <set>

#include "flexure/core/node_registry.h"

namespace flexure::app {
namespace {

// Types of the four techniques' modules (register.h of rigid, curves, deform); everything else
// is filed by its role.
const std::set<std::string> kSolids{"solid"};
const std::set<std::string> kCurves{"mes-curve", "extrude", "sweep", "loft", "mold-wall"};
const std::set<std::string> kDeformers{"metaball-deform"};

}  // namespace

std::vector<NodeCategory> nodeCatalog() {
  std::vector<NodeCategory> categories{{QObject::tr("Primitives"), {}},
                                       {QObject::tr("Operators"), {}},
                                       {QObject::tr("Solids"), {}},
                                       {QObject::tr("Curves"), {}},
                                       {QObject::tr("Deformers"), {}}};
  const NodeRegistry& registry = NodeRegistry::instance();
  for (const std::string& type : registry.types()) {
    if (kSolids.count(type)) {
      categories[2].types.push_back(type);
    } else if (kCurves.count(type)) {
      categories[3].types.push_back(type);
    } else if (kDeformers.count(type)) {
      categories[4].types.push_back(type);
    } else if (const auto node = registry.create(type)) {
      categories[node->isPrimitive() ? 0 : 1].types.push_back(type);
    }
  }
  categories.erase(std::remove_if(categories.begin(), categories.end(), [](const NodeCategory& c) { return c.types.empty(); }),
                   categories.end());
  for (NodeCategory& c : categories) std::sort(c.types.begin(), c.types.end());
  return categories;
}

}  // namespace flexure::app
