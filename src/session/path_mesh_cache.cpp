// The geometry worker's per-path meshes (path_mesh_cache.h).
#include "path_mesh_cache.h"

#include <algorithm>
#include <array>
#include <utility>

#include "flexure/core/affine_grid_lines.h"
#include "flexure/core/param_access.h"
#include "flexure/core/point_blocks.h"
#include "flexure/core/triangle_damage.h"
#include "flexure/core/vertex_triangles.h"

namespace flexure::session {

struct PathMeshCache::Entry {
  bool indexed = false;
  std::size_t start = 0;
  std::vector<int> innerIndices, outerIndices, leafIndices;
  std::vector<double> innerValues, outerValues, leafValues;
  TriangleMesh leaf, inner, placed;
  bool innerValid = false, placedValid = false, leafValid = false;
  bool innerHeld = false;  // `inner` holds the mesh of innerValues (not handed over to a frame)
  int changesInARow = 0;   // frames in a row whose inner entries changed (a drag of a deformer)
  // deformAndMergeAgain: the leaf deformed (its triangles those of `leaf`) for the Ψ `sheetPsi`,
  // the vertices that moved in the last call, and the merge; the leaf's vertices in blocks
  // (finding those a deformer's change reaches), and buffers for deforming the whole leaf or the
  // part a change reaches.
  TriangleMesh sheet;
  bool sheetValid = false;
  Eigen::VectorXd sheetPsi;
  std::vector<int> moved;
  AffineGridMerger merger;
  PointBlocks leafBlocks;
  std::vector<Vec3d> scratchPositions, scratchNormals;
  std::vector<int> reached;
  // A merged path's mesh as handed to frames (its placement applied, its winding restored:
  // `frame`, while not handed over), its revision, each triangle's winding term (tessellation.h,
  // for the merged triangles, unturned) and the triangles around the merged mesh's vertices.
  TriangleMesh frame;
  bool frameHeld = false;
  bool outerValid = false;
  MeshRevision revision;  // of the mesh last handed over
  // The positions and bounds of the mesh of `revision`, while a drag brings it up to date (the
  // frame mesh itself goes to the frames): where the changed triangles were, for the damage the
  // renderer redraws (describeChangedFrame); `revisionPositionsOf` says of which revision they are.
  std::vector<Vec3d> revisionPositions;
  Bounds3 revisionBounds;
  std::uint64_t revisionPositionsOf = 0;
  std::vector<TriangleChunk> revisionChunks;  // the frame mesh's, for the renderer (MeshRevision::chunks)
  bool windingTurned = false;  // placeOnPath turned that mesh's triangles (a mirroring operator)
  std::vector<double> windingTerms;
  std::unique_ptr<VertexTriangles> mergedAround;
};

namespace {

using Entry = PathMeshCache::Entry;

void addWithDependencies(const Node* n, std::vector<const Node*>& out) {
  out.push_back(n);
  for (const Node* d : n->dependencies()) out.push_back(d);
}
std::vector<const Node*> innerNodes(const Path& path, std::size_t start) {
  std::vector<const Node*> out;
  addWithDependencies(path.leaf, out);
  for (std::size_t k = 0; k < start; ++k) addWithDependencies(path.operators[k], out);
  return out;
}
std::vector<const Node*> leafNodes(const Path& path) {
  std::vector<const Node*> out;
  addWithDependencies(path.leaf, out);
  return out;
}
std::vector<const Node*> outerNodes(const Path& path, std::size_t start) {
  std::vector<const Node*> out;
  for (std::size_t k = start; k < path.operators.size(); ++k) addWithDependencies(path.operators[k], out);
  return out;
}
std::vector<int> indicesOf(const std::vector<const Node*>& nodes) {
  std::vector<int> out;
  for (const Node* n : nodes)
    for (int i = 0; i < n->paramCount(); ++i) out.push_back(n->paramOffset() + i);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}
std::vector<double> read(const std::vector<int>& indices, const Eigen::VectorXd& psi) {
  std::vector<double> out(indices.size());
  for (std::size_t j = 0; j < indices.size(); ++j) out[j] = psi[indices[j]];
  return out;
}
bool same(const std::vector<int>& indices, const std::vector<double>& values, const Eigen::VectorXd& psi) {
  for (std::size_t j = 0; j < indices.size(); ++j)
    if (values[j] != psi[indices[j]]) return false;
  return true;
}

// The primitive's own mesh (tessellateLeaf) again when the entries it reads changed; true when it
// was. Kept only for paths with inner operators (without them the inner mesh changes with the
// leaf alone).
bool refreshLeaf(Entry& e, const Path& path, const ValueAccess& values, const Eigen::VectorXd& psi,
                 const TessellationOptions& options) {
  if (e.leafValid && same(e.leafIndices, e.leafValues, psi)) return false;
  e.leaf = tessellateLeaf(path, values, options);
  e.leafValues = read(e.leafIndices, psi);
  e.leafValid = true;
  return true;
}

// The leaf for finishPathInner: a copy of the kept one (a drag of a deformer's parameters then
// does not tessellate the leaf again), or, for a path without inner operators, a fresh one.
TriangleMesh leafMesh(Entry& e, const Path& path, const ValueAccess& values, const Eigen::VectorXd& psi,
                      const TessellationOptions& options) {
  if (e.start == 0) return tessellateLeaf(path, values, options);
  refreshLeaf(e, path, values, psi, options);
  return e.leaf;
}

// `mesh`'s positions and (with `withNormals`) normals at `vertices`, in that order.
void gatherVertices(const TriangleMesh& mesh, const std::vector<int>& vertices, bool withNormals, std::vector<Vec3d>& positions,
                    std::vector<Vec3d>& normals) {
  positions.resize(vertices.size());
  normals.resize(withNormals ? vertices.size() : 0);
  for (std::size_t k = 0; k < vertices.size(); ++k) {
    const auto v = static_cast<std::size_t>(vertices[k]);
    positions[k] = mesh.positions[v];
    if (withNormals) normals[k] = mesh.normals[v];
  }
}

// The sheet takes freshly deformed values: `positions[k]` and `normals[k]` are those of vertex
// `vertices[k]` (of vertex k without `vertices`); those that differ from the sheet's are written
// and listed in `moved`, in the order given.
void takeDeformed(TriangleMesh& sheet, const std::vector<int>* vertices, const std::vector<Vec3d>& positions,
                  const std::vector<Vec3d>& normals, std::vector<int>& moved) {
  const bool withNormals = normals.size() == positions.size() && sheet.normals.size() == sheet.positions.size();
  const auto differs = [](const Vec3d& p, const Vec3d& q) { return p.x != q.x || p.y != q.y || p.z != q.z; };
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const auto v = vertices ? static_cast<std::size_t>((*vertices)[k]) : k;
    if (!differs(sheet.positions[v], positions[k]) && !(withNormals && differs(sheet.normals[v], normals[k]))) continue;
    moved.push_back(static_cast<int>(v));
    sheet.positions[v] = positions[k];
    if (withNormals) sheet.normals[v] = normals[k];
  }
}

// A kept mesh into the frame: moved there when its path changed in the last two frames too (a
// drag: the next frame makes it again, from the leaf or from a mesh a frame gives back, so
// keeping this one would only cost a copy of it a frame), else copied and kept (`held`). A
// moved-out mesh whose path then stays is made once more, and kept from then on.
TriangleMesh handOver(TriangleMesh& kept, bool& held, int changesInARow) {
  held = changesInARow < 2;
  if (held) return kept;
  TriangleMesh out = std::move(kept);
  kept = TriangleMesh{};
  return out;
}

// Whether, since the sheet's Ψ, only the entries of the path's one inner operator changed (not
// the leaf's, not those of a node it depends on).
bool onlyFirstOperatorChanged(const Entry& e, const Path& path, const Eigen::VectorXd& psi) {
  if (e.start != 1 || e.sheetPsi.size() != psi.size()) return false;
  const Operator& first = *path.operators[0];
  const int begin = first.paramOffset(), end = begin + first.paramCount();
  for (int j : e.innerIndices)
    if ((j < begin || j >= end) && e.sheetPsi[j] != psi[j]) return false;
  return true;
}

// The sheet brought to Ψ where the operator's change reaches, when the path's one inner operator
// alone changed and it says where (Operator::changedRegion): the leaf's vertices there are
// deformed by themselves, the others keep their bits, as the operator promises. A metaball
// dragged over a 700 × 700 sheet reaches a twelfth of it. False when not known.
bool deformWhereChanged(Entry& e, const Path& path, const ValueAccess& values, const Eigen::VectorXd& psi) {
  if (!onlyFirstOperatorChanged(e, path, psi) || e.leafBlocks.pointCount() != e.leaf.positions.size()) return false;
  const Operator& first = *path.operators[0];
  const auto region = first.changedRegion(ValueAccess(e.sheetPsi), values);
  if (!region) return false;
  e.leafBlocks.pointsIn(e.leaf.positions, *region, e.reached);
  gatherVertices(e.leaf, e.reached, e.leaf.normals.size() == e.leaf.positions.size(), e.scratchPositions, e.scratchNormals);
  first.applyBatch(values, e.scratchPositions, e.scratchNormals);
  takeDeformed(e.sheet, &e.reached, e.scratchPositions, e.scratchNormals, e.moved);
  return true;
}

// The whole leaf deformed again, the sheet taking the vertices that moved.
void deformWhole(Entry& e, const Path& path, const ValueAccess& values) {
  e.scratchPositions.assign(e.leaf.positions.begin(), e.leaf.positions.end());
  e.scratchNormals.assign(e.leaf.normals.begin(), e.leaf.normals.end());
  applyInnerOperators(e.scratchPositions, e.scratchNormals, path, values, e.start);
  takeDeformed(e.sheet, nullptr, e.scratchPositions, e.scratchNormals, e.moved);
}

// finishPathInner on the kept leaf without copying it into a new mesh, as a drag of a deformer
// needs it every frame: the sheet is deformed again where the change reaches (deformWhereChanged)
// or as a whole, the vertices that moved are found, and the merge is made again from them
// (AffineGridMerger), taking over its tests of the vertices that did not move and, while the kept
// lines stay, its merged mesh. The merged mesh stays in the merger; true when it has the
// triangles of the one before (the merger's moved vertices are then all that differ).
bool deformAndMergeAgain(Entry& e, const Path& path, const ValueAccess& values, const Eigen::VectorXd& psi,
                         const TessellationOptions& options, PathMeshCounts& counts) {
  const bool leafNew = refreshLeaf(e, path, values, psi, options);
  const bool known = e.sheetValid && !leafNew && e.sheet.positions.size() == e.leaf.positions.size();
  e.moved.clear();
  if (!known) {
    e.sheet = e.leaf;
    applyInnerOperators(e.sheet.positions, e.sheet.normals, path, values, e.start);
    e.leafBlocks.build(e.leaf.positions);
  } else if (deformWhereChanged(e, path, values, psi)) {
    ++counts.deformedWhereChanged;
  } else {
    deformWhole(e, path, values);
  }
  e.merger.merge(e.sheet, known ? &e.moved : nullptr);
  e.sheetPsi = psi;
  e.sheetValid = true;
  return e.merger.sameTrianglesAsBefore();
}

// The gathered-and-placed values of a merged path's frame mesh at `vertices`: the merged mesh's
// positions and normals there with the placement applied (point by point, as placeOnPath).
void placeVertices(const TriangleMesh& merged, const std::vector<int>& vertices, const Path& path,
                   const ValueAccess& values, std::size_t start, TriangleMesh& frame) {
  const bool normals = merged.normals.size() == merged.positions.size() && frame.normals.size() == frame.positions.size();
  const bool uvs = merged.uvs.size() == merged.positions.size() && frame.uvs.size() == frame.positions.size();
  std::vector<Vec3d> p, n;
  gatherVertices(merged, vertices, normals, p, n);
  applyPlacement(p, n, path, values, start);
  for (std::size_t k = 0; k < vertices.size(); ++k) {
    const auto v = static_cast<std::size_t>(vertices[k]);
    frame.positions[v] = p[k];
    if (normals) frame.normals[v] = n[k];
    if (uvs) frame.uvs[v] = merged.uvs[v];
  }
}

// The merged mesh's triangles around the vertices the last merge moved (ascending).
std::vector<int> trianglesAroundMoved(Entry& e) {
  if (!e.mergedAround) e.mergedAround = std::make_unique<VertexTriangles>(e.merger.result());
  return e.mergedAround->around(e.merger.movedInResult());
}

// The bounds of `after`, whose vertices differ from `before`'s (bounded by `boundsBefore`) at
// `moved` alone: when no moved vertex was on the bounds' faces, the rest still reach every face,
// and the bounds are those before grown by the moved vertices; else all vertices are visited.
Bounds3 boundsAfterMoving(const Bounds3& boundsBefore, const std::vector<Vec3d>& before, const std::vector<Vec3d>& after,
                          const std::vector<int>& moved) {
  const auto strictlyInside = [&](const Vec3d& p) {
    return p.x > boundsBefore.lo.x && p.y > boundsBefore.lo.y && p.z > boundsBefore.lo.z && p.x < boundsBefore.hi.x &&
           p.y < boundsBefore.hi.y && p.z < boundsBefore.hi.z;
  };
  Bounds3 out;
  for (int v : moved)
    if (!strictlyInside(before[static_cast<std::size_t>(v)])) {
      for (const Vec3d& p : after) out.extend(p);
      return out;
    }
  out = boundsBefore;
  for (int v : moved) out.extend(after[static_cast<std::size_t>(v)]);
  return out;
}

// The frame mesh's new revision told where the triangles around `movedNow` were and are, the
// mesh's bounds and its chunks' (triangle_chunks.h), from the positions of the revision before
// (kept since the last step); those positions then brought up to the frame's. On the worker, so
// that the GUI thread, which draws, does not compare or visit the sheet's vertices
// (MeshRevision::Since, SceneRenderer::setMeshes). The first step of a drag only keeps them.
void describeChangedFrame(Entry& e, MeshRevision& next, const std::vector<int>& movedNow, const std::vector<int>& changed) {
  const std::vector<Vec3d>& now = e.frame.positions;
  if (e.revisionPositionsOf == 0 || e.revisionPositionsOf != e.revision.id || e.revisionPositions.size() != now.size()) {
    e.revisionPositions = now;
    e.revisionBounds = Bounds3{};
    for (const Vec3d& p : now) e.revisionBounds.extend(p);
    e.revisionChunks = triangleChunks(e.frame, kTrianglesPerChunk);
  } else {
    std::vector<Bounds3> damage;
    appendTriangleDamage(e.revisionPositions, now, e.frame.triangles, changed, movedNow,
                         damageExtentFor(e.revisionBounds), damage, 1);
    updateTriangleChunks(e.frame, changed, e.revisionChunks);
    e.revisionBounds = boundsAfterMoving(e.revisionBounds, e.revisionPositions, now, movedNow);
    for (int v : movedNow) e.revisionPositions[static_cast<std::size_t>(v)] = now[static_cast<std::size_t>(v)];
    describeStep(next, e.revision, std::move(damage));
  }
  e.revisionPositionsOf = next.id;
  next.bounds = e.revisionBounds;
  next.chunks = std::make_shared<const std::vector<TriangleChunk>>(e.revisionChunks);
}

// Whether placeOnPath turns the frame mesh: the sum of the winding terms of its placed vertices
// over the merged (unturned) triangles. While the triangles stay, only the terms of the triangles
// around the vertices moved since the last frame are computed again (the same sum, bit for bit).
// `changed`: the triangles around those vertices, when the caller has found them.
bool frameWindingTurns(Entry& e, const TriangleMesh& frame, bool sameTriangles, const std::vector<int>* changed = nullptr) {
  const TriangleMesh& merged = e.merger.result();
  if (frame.normals.size() != frame.positions.size()) return false;
  if (sameTriangles && e.windingTerms.size() == merged.triangles.size()) {
    std::vector<int> found;
    if (!changed) found = trianglesAroundMoved(e);
    for (int t : changed ? *changed : found)
      e.windingTerms[static_cast<std::size_t>(t)] = windingTerm(frame, merged.triangles[static_cast<std::size_t>(t)]);
  } else {
    e.mergedAround.reset();
    e.windingTerms.resize(merged.triangles.size());
    for (std::size_t t = 0; t < merged.triangles.size(); ++t) e.windingTerms[t] = windingTerm(frame, merged.triangles[t]);
  }
  return !windingAgrees(e.windingTerms);
}

// The frame mesh made from the merged one: copied and placed, then wound (placeOnPath) as the
// winding terms say, or, when the terms are those of this very mesh (it is made again after a
// frame took it), as it was wound before.
enum class Winding { Decide, AsBefore };
void buildFrame(Entry& e, const Path& path, const ValueAccess& values, bool sameTriangles,
                Winding winding = Winding::Decide) {
  e.frame = e.merger.result();
  e.frame.name = path.leaf->name();
  applyPlacement(e.frame.positions, e.frame.normals, path, values, e.start);
  if (winding == Winding::Decide) e.windingTurned = frameWindingTurns(e, e.frame, sameTriangles);
  if (e.windingTurned) turnWinding(e.frame);
}

// A merged path's frame mesh after its inner entries changed and its placement did not: when
// only vertices moved, the mesh held or one a frame gave back, brought up to date at the vertices
// moved since, with the next revision; else built anew. True when brought up to date.
bool updateFrame(Entry& e, const Path& path, const ValueAccess& values, bool sameTriangles, FrameMeshPool* pool) {
  const std::vector<int>& movedNow = e.merger.movedInResult();
  const std::uint64_t before = e.revision.id;
  const MeshRevision next = sameTriangles && before != 0 ? nextMeshRevision(e.revision, movedNow) : MeshRevision{};
  const std::vector<int>* moved = nullptr;
  if (next.id != 0) {
    if (e.frameHeld) moved = &movedNow;  // `frame` holds the mesh of `before`
    else if (pool) pool->take(next, e.frame, moved);
  }
  if (!moved) {
    const bool wasTurned = e.windingTurned;
    buildFrame(e, path, values, sameTriangles);
    e.revision = next.id != 0 && e.windingTurned == wasTurned ? next : newMeshRevision();
    return false;
  }
  placeVertices(e.merger.result(), *moved, path, values, e.start, e.frame);
  std::vector<int> changed = trianglesAroundMoved(e);
  const bool turned = frameWindingTurns(e, e.frame, true, &changed);
  if (turned == e.windingTurned) {
    MeshRevision described = next;
    describeChangedFrame(e, described, movedNow, changed);
    e.revision = std::move(described);
    return true;
  }
  turnWinding(e.frame);  // the winding turned: every triangle differs
  e.windingTurned = turned;
  e.revision = newMeshRevision();
  return false;
}

// A path whose operators below its placement are merged (a deformed sheet): deformed from its
// kept leaf and merged again where its vertices moved; its frame mesh brought up to date there.
// Unchanged, it keeps its mesh (made again from the merge if a frame took it) and its revision.
TriangleMesh mergedPathMesh(Entry& e, const Path& path, const ValueAccess& values, const Eigen::VectorXd& psi,
                            const TessellationOptions& options, FrameMeshPool* pool, PathMeshCounts& counts) {
  const bool innerSame = e.innerValid && same(e.innerIndices, e.innerValues, psi);
  const bool outerSame = e.outerValid && same(e.outerIndices, e.outerValues, psi);
  e.changesInARow = innerSame && outerSame ? 0 : e.changesInARow + 1;
  if (!innerSame) {
    const bool sameTriangles = deformAndMergeAgain(e, path, values, psi, options, counts);
    e.innerValues = read(e.innerIndices, psi);
    e.innerValid = true;
    ++counts.tessellated;
    if (outerSame) {
      if (updateFrame(e, path, values, sameTriangles, pool)) ++counts.broughtUpToDate;
    } else {
      buildFrame(e, path, values, false);
      e.revision = newMeshRevision();
    }
  } else if (!outerSame) {  // only the placement moved: every vertex moves
    buildFrame(e, path, values, false);
    e.revision = newMeshRevision();
    ++counts.placed;
  } else if (!e.frameHeld) {  // the same mesh again, after a frame took it
    buildFrame(e, path, values, true, Winding::AsBefore);
  }
  e.outerValues = read(e.outerIndices, psi);
  e.outerValid = true;
  return handOver(e.frame, e.frameHeld, e.changesInARow);
}

}  // namespace

PathMeshCache::PathMeshCache(std::shared_ptr<FrameMeshPool> pool) : pool_(std::move(pool)) {}
PathMeshCache::~PathMeshCache() = default;

void PathMeshCache::reset(const Scene& scene) {
  entries_.clear();
  entries_.resize(scene.paths().size());
}

std::vector<TriangleMesh> PathMeshCache::tessellate(const Scene& scene, const TessellationOptions& options,
                                                    PathMeshCounts& counts, std::vector<MeshRevision>& revisions) {
  counts = PathMeshCounts{};
  if (options.resolution != options_.resolution || options.mergeAffineCells != options_.mergeAffineCells)
    for (Entry& e : entries_) e = Entry{};
  options_ = options;
  const Eigen::VectorXd& psi = scene.parameters().values();
  const ValueAccess values(psi);
  std::vector<TriangleMesh> meshes;
  const std::vector<Path> paths = scene.paths();
  meshes.reserve(paths.size());
  revisions.clear();
  // Revisions a returned mesh may be brought up from (none once nothing changes: the pool empties).
  std::vector<std::uint64_t> wanted;
  for (std::size_t k = 0; k < paths.size() && k < entries_.size(); ++k) {
    const Path& path = paths[k];
    Entry& e = entries_[k];
    const std::size_t start = placementStart(path, values);
    if (!e.indexed || e.start != start) {
      e = Entry{};
      e.start = start;
      e.innerIndices = indicesOf(innerNodes(path, start));
      e.outerIndices = indicesOf(outerNodes(path, start));
      e.leafIndices = indicesOf(leafNodes(path));
      e.indexed = true;
    }
    if (start > 0 && options.mergeAffineCells) {
      meshes.push_back(mergedPathMesh(e, path, values, psi, options, pool_.get(), counts));
      revisions.push_back(e.revision);
      if (e.changesInARow > 0) {  // still changing: a returned mesh may be brought up to date
        wanted.push_back(e.revision.id);
        for (const MeshRevision::Since& s : e.revision.since) wanted.push_back(s.id);
      }
      continue;
    }
    const bool valuesSame = e.innerValid && same(e.innerIndices, e.innerValues, psi);
    const bool innerSame = valuesSame && e.innerHeld;
    e.changesInARow = valuesSame ? 0 : e.changesInARow + 1;
    // With no placement, the placed mesh is the inner one with its winding restored: kept as
    // one mesh, so that a frame copies it once (a 10^6-triangle sheet is 60 MB a copy).
    const bool placedIsInner = start == path.operators.size();
    bool changed = false;
    if (!innerSame) {
      e.inner = leafMesh(e, path, values, psi, options);
      finishPathInner(e.inner, path, values, start, options);
      if (placedIsInner) placeOnPath(e.inner, path, values, start);
      e.innerValues = read(e.innerIndices, psi);
      e.innerValid = e.innerHeld = true;
      e.placedValid = false;
      changed = true;
      ++counts.tessellated;
    }
    if (placedIsInner) {
      meshes.push_back(handOver(e.inner, e.innerHeld, e.changesInARow));
    } else {
      if (!e.placedValid || !same(e.outerIndices, e.outerValues, psi)) {
        e.placed = e.inner;
        placeOnPath(e.placed, path, values, start);
        e.outerValues = read(e.outerIndices, psi);
        if (innerSame) ++counts.placed;
        e.placedValid = true;
        changed = true;
      }
      meshes.push_back(e.placed);
    }
    // Meshes made otherwise are compared by whoever needs to know what moved.
    if (changed || e.revision.id == 0) e.revision = newMeshRevision();
    revisions.push_back(e.revision);
  }
  if (pool_) pool_->keepOnly(std::move(wanted));
  return meshes;
}

}  // namespace flexure::session
