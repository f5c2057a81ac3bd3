#pragma once
// What energy terms refer to: a primitive (by node name) with its leaf-to-root path, or one
// named parameter slot of a node. Names are what scene files store; resolve() looks them up
// after loading (Constraint::resolveReferences) and throws FieldError when missing.
#include <string>
#include <vector>

#include "flexure/core/path.h"

namespace flexure {

class Scene;

// A primitive leaf referenced by name, with its path.
struct LeafRef {
  std::string node;
  const Primitive* leaf = nullptr;
  Path path;

  void resolve(const Scene& scene, std::string_view role);
  bool resolved() const { return leaf != nullptr; }
  // Index of the leaf's slot `slot` within its own slice, or -1.
  int localSlot(std::string_view slot) const;
};

// One parameter slot "<node>.<slot>".
struct ParamRef {
  std::string node;
  std::string slot;
  const Node* owner = nullptr;
  int local = -1;

  void resolve(const Scene& scene, std::string_view role);
  template <class S>
  S read(const ParamAccess<S>& params) const { return params.of(*owner)[local]; }
};

// Appends the nodes of a path (and their dependencies) to `out`, without duplicates.
void appendPathNodes(const Path& path, std::vector<const Node*>& out);
void appendNode(const Node* node, std::vector<const Node*>& out);

}  // namespace flexure

namespace flexure {

// A point carried by a primitive: either a surface sample P(u,v) ("surface", the paper's
// P^a(u_a, v_a)) or a fixed point of the leaf's own space mapped through the path ("local":
// a pipe's axis end, the middle of a tongue).
struct LeafPoint {
  LeafRef ref;
  std::string at = "surface";  // "surface" or "local"
  SurfacePoint surface;
  Vec3d local;

  // Fields "<prefix>" (node name), "<prefix>_at", "<prefix>_point", "<prefix>_local".
  void visit(FieldVisitor& v, const std::string& prefix);
  bool isLocal() const { return at == "local"; }

  template <class S>
  Vec3<S> position(const ParamAccess<S>& params) const;
};

}  // namespace flexure

#include "flexure/energy/path_frame.h"

namespace flexure {

template <class S>
Vec3<S> LeafPoint::position(const ParamAccess<S>& params) const {
  if (isLocal()) return pathMapPoint(ref.path, params, Vec3<S>::from(local));
  return pathPosition(ref.path, params, surface.patch, S(surface.u), S(surface.v));
}

}  // namespace flexure
