#include "flexure/energy/term_references.h"

#include <algorithm>

#include "flexure/core/scene.h"

namespace flexure {

void appendNode(const Node* node, std::vector<const Node*>& out) {
  if (node && std::find(out.begin(), out.end(), node) == out.end()) out.push_back(node);
}

void appendPathNodes(const Path& path, std::vector<const Node*>& out) {
  for (const Node* n : path.nodes()) appendNode(n, out);
}

void LeafRef::resolve(const Scene& scene, std::string_view role) {
  const Node* n = scene.find(node);
  if (!n) throw FieldError(std::string(role) + ": no node named '" + node + "'");
  if (!n->isPrimitive()) throw FieldError(std::string(role) + ": node '" + node + "' is not a primitive");
  leaf = static_cast<const Primitive*>(n);
  path = scene.pathTo(*leaf);
}

int LeafRef::localSlot(std::string_view slot) const {
  const int i = leaf ? leaf->paramIndex(slot) : -1;
  return i < 0 ? -1 : i - leaf->paramOffset();
}

void ParamRef::resolve(const Scene& scene, std::string_view role) {
  owner = scene.find(node);
  if (!owner) throw FieldError(std::string(role) + ": no node named '" + node + "'");
  const int i = owner->paramIndex(slot);
  if (i < 0) throw FieldError(std::string(role) + ": node '" + node + "' has no parameter '" + slot + "'");
  local = i - owner->paramOffset();
}

}  // namespace flexure

namespace flexure {

void LeafPoint::visit(FieldVisitor& v, const std::string& prefix) {
  v.field(prefix, ref.node, FieldUse::Required);
  v.field(prefix + "_at", at);
  v.field(prefix + "_point", surface);
  v.field(prefix + "_local", local);
  if (v.isReading() && at != "surface" && at != "local")
    throw FieldError(prefix + "_at must be \"surface\" or \"local\", not \"" + at + "\"");
}

}  // namespace flexure
