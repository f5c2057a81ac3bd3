#include "flexure/rigid/mass_properties.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <set>

#include "flexure/core/binary_field_writer.h"
#include "flexure/core/field_visitor.h"
#include "flexure/core/param_access.h"
#include "flexure/core/primitive.h"
#include "flexure/core/scene.h"
#include "flexure/rigid/solid_operator.h"

namespace flexure {

namespace {

constexpr double kPiMassProperties = 3.141592653589793;

Mat3d diagonal(double a, double b, double c) {
  Mat3d m;
  m.m[0][0] = a;
  m.m[1][1] = b;
  m.m[2][2] = c;
  return m;
}

// Inertia of a point mass m at offset d about the origin: m (|d|² I - d dᵀ).
Mat3d pointInertia(double m, const Vec3d& d) {
  Mat3d r;
  const double d2 = squaredNorm(d);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.m[i][j] = m * ((i == j ? d2 : 0.0) - d[i] * d[j]);
  return r;
}

Mat3d add(const Mat3d& a, const Mat3d& b) {
  Mat3d r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.m[i][j] = a.m[i][j] + b.m[i][j];
  return r;
}

// The operators between a leaf and the solid, leaf side first.
std::vector<const Operator*> operatorsBelow(const Node& leaf, const SolidOperator& solid) {
  std::vector<const Operator*> ops;
  for (const Node* n = leaf.parent(); n && n != &solid; n = n->parent()) ops.push_back(static_cast<const Operator*>(n));
  return ops;
}

double slot(const Scene& scene, const Node& node, const char* name, double fallback) {
  const int i = node.paramIndex(name);
  return i >= 0 ? scene.parameters().value(i) : fallback;
}

// One node's part of the key: its address, type, Ψ slice (exact bits) and fields, then those of
// every node it reads (dependencies()), each once.
void appendNodeKey(const Scene& scene, const Node& node, std::set<const Node*>& seen, std::string& key) {
  if (!seen.insert(&node).second) return;
  const Node* address = &node;
  key.append(reinterpret_cast<const char*>(&address), sizeof(address));
  const std::string_view type = node.type();
  const std::uint64_t typeLength = type.size();
  key.append(reinterpret_cast<const char*>(&typeLength), sizeof(typeLength));
  key.append(type);
  const std::uint64_t count = static_cast<std::uint64_t>(std::max(node.paramCount(), 0));
  key.append(reinterpret_cast<const char*>(&count), sizeof(count));
  const double* values = scene.parameters().values().data() + node.paramOffset();
  key.append(reinterpret_cast<const char*>(values), count * sizeof(double));
  // visitFields binds members for reading and writing alike; this writer only reads them.
  BinaryFieldWriter writer(key);  // the fields, names left out
  const_cast<Node&>(node).visitFields(writer);
  for (const Node* d : node.dependencies())
    if (d) appendNodeKey(scene, *d, seen, key);
}

// Everything primitiveMassProperties reads for a tessellated primitive: the density, the leaf,
// the operators between it and the solid (not the solid's pose) and what they depend on.
std::string massPropertiesKey(const Scene& scene, const Primitive& leaf, const SolidOperator& solid, double density) {
  std::string key;
  key.append(reinterpret_cast<const char*>(&density), sizeof(density));
  std::set<const Node*> seen;
  appendNodeKey(scene, leaf, seen, key);
  for (const Operator* op : operatorsBelow(leaf, solid)) appendNodeKey(scene, *op, seen, key);
  return key;
}

MassProperties primitiveMassProperties(const Scene& scene, const Primitive& leaf, const SolidOperator& solid,
                                       double density, MassPropertiesCache* cache) {
  const ValueAccess values(scene.parameters().values());
  const bool direct = leaf.parent() == &solid;
  const std::string_view type = leaf.type();
  if (direct && (type == "sphere" || type == "block" || type == "cylinder")) {
    MassProperties p;
    if (type == "sphere") p = sphereMassProperties(slot(scene, leaf, "radius", 1.0), density);
    if (type == "block")
      p = blockMassProperties(slot(scene, leaf, "sx", 1.0), slot(scene, leaf, "sy", 1.0), slot(scene, leaf, "sz", 1.0),
                              density);
    if (type == "cylinder")
      p = cylinderMassProperties(slot(scene, leaf, "length", 1.0), slot(scene, leaf, "radius", 1.0), density);
    // The shapes are symmetric: their centroid is the centre of their bounds, whatever the
    // primitive's own placement convention.
    p.centre = leaf.bounds(values).center();
    return p;
  }
  std::string key;
  MassProperties p;
  if (cache) {
    key = massPropertiesKey(scene, leaf, solid, density);
    if (cache->find(key, p)) return p;
  }
  TriangleMesh mesh;
  leaf.tessellate(values, 48, mesh);
  for (const Operator* op : operatorsBelow(leaf, solid))
    for (Vec3d& x : mesh.positions) x = op->apply(values, x);
  p = closedMeshMassProperties(mesh, density);
  if (cache) cache->store(key, p);
  return p;
}

void collectPrimitives(const Node& node, std::vector<const Primitive*>& out) {
  if (node.isPrimitive()) out.push_back(static_cast<const Primitive*>(&node));
  for (const auto& c : node.children())
    if (c->type() != SolidOperator::kType) collectPrimitives(*c, out);  // nested solids are their own bodies
}

}  // namespace

MassProperties sphereMassProperties(double r, double density) {
  MassProperties p;
  p.mass = density * 4.0 / 3.0 * kPiMassProperties * r * r * r;
  const double i = 0.4 * p.mass * r * r;
  p.inertia = diagonal(i, i, i);
  return p;
}

MassProperties blockMassProperties(double sx, double sy, double sz, double density) {
  MassProperties p;
  p.mass = density * sx * sy * sz;
  const double k = p.mass / 12.0;
  p.inertia = diagonal(k * (sy * sy + sz * sz), k * (sx * sx + sz * sz), k * (sx * sx + sy * sy));
  return p;
}

MassProperties cylinderMassProperties(double length, double r, double density) {
  MassProperties p;
  p.mass = density * kPiMassProperties * r * r * length;
  const double axial = 0.5 * p.mass * r * r;
  const double transverse = p.mass * (3.0 * r * r + length * length) / 12.0;
  p.inertia = diagonal(axial, transverse, transverse);
  return p;
}

MassProperties closedMeshMassProperties(const TriangleMesh& mesh, double density) {
  // Tetrahedron (0, a, b, c): volume v = a·(b∧c)/6, first moment v (a+b+c)/4, second moment
  // ∫ x xᵀ = v/20 (a aᵀ + b bᵀ + c cᵀ + s sᵀ), s = a + b + c.
  double volume = 0.0;
  Vec3d first;
  double second[3][3] = {};
  for (const auto& t : mesh.triangles) {
    const Vec3d& a = mesh.positions[static_cast<std::size_t>(t[0])];
    const Vec3d& b = mesh.positions[static_cast<std::size_t>(t[1])];
    const Vec3d& c = mesh.positions[static_cast<std::size_t>(t[2])];
    const double v = dot(a, cross(b, c)) / 6.0;
    const Vec3d s = a + b + c;
    volume += v;
    first += s * (v / 4.0);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) second[i][j] += v / 20.0 * (a[i] * a[j] + b[i] * b[j] + c[i] * c[j] + s[i] * s[j]);
  }
  MassProperties p;
  if (std::fabs(volume) < 1e-15) return p;
  p.mass = density * volume;
  p.centre = first / volume;
  const double trace = second[0][0] + second[1][1] + second[2][2];
  Mat3d origin;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) origin.m[i][j] = density * ((i == j ? trace : 0.0) - second[i][j]);
  const Mat3d shift = pointInertia(p.mass, p.centre);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) p.inertia.m[i][j] = origin.m[i][j] - shift.m[i][j];
  return p;
}

MassProperties combine(const MassProperties& a, const MassProperties& b) {
  if (a.mass <= 0.0) return b;
  if (b.mass <= 0.0) return a;
  MassProperties r;
  r.mass = a.mass + b.mass;
  r.centre = (a.centre * a.mass + b.centre * b.mass) / r.mass;
  r.inertia = add(add(a.inertia, pointInertia(a.mass, a.centre - r.centre)),
                  add(b.inertia, pointInertia(b.mass, b.centre - r.centre)));
  return r;
}

namespace {

MassProperties solidMassPropertiesWith(const Scene& scene, const SolidOperator& solid, MassPropertiesCache* cache) {
  MassProperties geometric;
  std::vector<const Primitive*> leaves;
  for (const auto& c : solid.children())
    if (c->type() != SolidOperator::kType) collectPrimitives(*c, leaves);
  for (const Primitive* leaf : leaves)
    geometric = combine(geometric, primitiveMassProperties(scene, *leaf, solid, solid.density, cache));
  if (geometric.mass <= 0.0) {
    geometric = sphereMassProperties(0.5, 1.0);
    geometric.centre = {};
  }
  MassProperties p = geometric;
  if (solid.mass > 0.0) {
    const double scale = solid.mass / geometric.mass;
    for (auto& row : p.inertia.m)
      for (double& e : row) e *= scale;
    p.mass = solid.mass;
  }
  if (solid.centreOfMass.size() == 3) p.centre = {solid.centreOfMass[0], solid.centreOfMass[1], solid.centreOfMass[2]};
  if (solid.inertia.size() == 6) {
    const auto& I = solid.inertia;
    p.inertia = diagonal(I[0], I[1], I[2]);
    p.inertia.m[0][1] = p.inertia.m[1][0] = I[3];
    p.inertia.m[0][2] = p.inertia.m[2][0] = I[4];
    p.inertia.m[1][2] = p.inertia.m[2][1] = I[5];
  }
  return p;
}

}  // namespace

MassProperties solidMassProperties(const Scene& scene, const SolidOperator& solid) {
  return solidMassPropertiesWith(scene, solid, &solid.massPropertiesCache());
}

MassProperties computeSolidMassProperties(const Scene& scene, const SolidOperator& solid) {
  return solidMassPropertiesWith(scene, solid, nullptr);
}

bool MassPropertiesCache::find(const std::string& key, MassProperties& out) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) {
    ++misses_;
    return false;
  }
  ++hits_;
  out = it->second;
  return true;
}

void MassPropertiesCache::store(const std::string& key, const MassProperties& value) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[key] = value;
}

void MassPropertiesCache::clear() {
  const std::lock_guard<std::mutex> lock(mutex_);
  entries_.clear();
  hits_ = misses_ = 0;
}

std::size_t MassPropertiesCache::hits() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return hits_;
}

std::size_t MassPropertiesCache::misses() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return misses_;
}

std::size_t MassPropertiesCache::size() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

}  // namespace flexure
