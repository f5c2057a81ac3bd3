#include "flexure/core/node_registry.h"
#include "flexure/core/operators/group.h"

namespace flexure {

void registerCoreNodeTypes(NodeRegistry& registry) {
  registry.add(std::string(GroupOperator::kType), [] { return std::make_unique<GroupOperator>(); });
}

}  // namespace flexure
