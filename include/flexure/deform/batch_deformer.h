#pragma once
// The display/tessellation fast path of the metaball deformer (applyBatch). Per call:
//   1. pack each metaball's slot values into flat double data (radii inverted, translation
//      solved once for the "interpolate" blend, flags for rotation/scale);
//   2. bound each metaball by its skeleton box padded by R R_k along axis k (for every metric
//      t >= |q_k|, so nothing outside the box moves: section 3's note);
//   3. build a uniform grid over the boxes (CSR lists of metaballs per cell);
// then deform the vertices in a parallel loop (OpenMP) over blocks of consecutive vertices:
// a block is bounded by a box first; blocks that meet no metaball box are only read. In the
// others, point metaballs of the common kind (L2, Wyvill, no rotation or scale) run as a
// branch-free SIMD loop over the block's coordinates (structure of arrays); every other
// metaball is visited per vertex through its cell of the grid. A vertex is written only if some
// metaball moves it. Normals go through the exact Jacobian (a 3-lane jet of the same
// kernel) as J^{-T} n. Buffers keep their capacity, so steady-state calls do not allocate.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "flexure/deform/metaball_field.h"

namespace flexure::deform {

class MetaballDeformOperator;

class BatchDeformer {
 public:
  // `balls`: the operator's metaballs, or their snapshot with followed curves rebuilt.
  void prepare(const MetaballDeformOperator& op, const std::vector<Metaball>& balls, const double* slots);
  void apply(std::span<Vec3d> points, std::span<Vec3d> normals) const;

  int gridCellCount() const { return dims_[0] * dims_[1] * dims_[2]; }
  int packedCount() const { return static_cast<int>(packed_.size()); }

 private:
  struct Packed {
    const Skeleton* skeleton = nullptr;
    std::size_t kind = 0;  // index of the skeleton's alternative
    const BezierSkeleton* bezier = nullptr;  // set for Bezier skeletons (searched with a cutoff)
    const PolygonSkeleton* polygon = nullptr;  // set for polygon skeletons (offsets by runs)
    double reach2 = 0.0;
    Bounds3 box;
    Vec3d invRadii;        // 1 / (R R_k)
    bool fastWyvill = false;  // L2, Wyvill, no inner radius: F from r^2 alone
    PotentialShape<double> shape;
    std::array<double, kMaxPotentialDegree> controls{};
    Vec3d translation, pivot, axis, scale;
    double angle = 0.0;
    bool rotates = false, scales = false;
    bool simplePoint = false;  // point skeleton, fast Wyvill, no rotation or scale
    bool closedForm = false;   // fast Wyvill, isotropic radius, no rotation, scale or frame: grad F from the offset
    bool laneInfluence = false;  // fast Wyvill, no rotation, scale or frame: F dD from the offset in lanes
    Vec3d center;              // of a point skeleton
    const Mat3d* frame = nullptr;   // the constraint's frame, when not the world axes
    const Mat3d* frameT = nullptr;
  };
  struct CellItem {
    int metaball = 0;
    std::uint32_t pieces = 0;  // for curves: the pieces that reach the cell
  };
  // skipSimple: leave out simplePoint metaballs (the block path adds them in its SIMD loop).
  template <class S, bool skipSimple = false>
  Vec3<S> displacement(const Vec3<S>& p, const Vec3d& pv, const CellItem* items, int count, BezierSkeleton::Hint* hint = nullptr) const;
  // Items of the grid cell holding p (count 0 outside the grid).
  const CellItem* cellOf(const Vec3d& p, int& count) const;
  // Positions only: one block of consecutive vertices (see the header comment).
  // The vertices (and normals) that come after a block or a run, prefetched while it is worked.
  struct Upcoming {
    const Vec3d* points;
    const Vec3d* normals;  // nullptr: positions only
    int count;
  };
  void deformBlock(Vec3d* pts, int count, const Upcoming& next) const;
  void deformOneByOne(Vec3d* pts, int count) const;
  // True when some grid cell that `box` touches lists a metaball.
  bool blockMeetsItems(const Bounds3& box) const;
  template <class S>
  void accumulate(const Packed& m, const Vec3<S>& p, const Vec3d& pv, std::uint32_t pieces, Vec3<S>& sum,
                  BezierSkeleton::Hint* hint = nullptr) const;
  // The metaball's share of the displacement at p, given its skeleton offset d = P - Q (Eq. 8,
  // with section 5's rotation and scale).
  template <class S>
  void addInfluence(const Packed& m, const Vec3<S>& p, const Vec3<S>& d, Vec3<S>& sum) const;
  bool runOffsetsOf(const Packed& m, const double* x, const double* y, const double* z, int n, const Bounds3& box, double* ox, double* oy,
                    double* oz, unsigned char* found, BezierSkeleton::Hint* hint) const;
  // runBoxes: the boxes of the block's runs of kRunLength vertices. cleared (bit r: run r's sums
  // dx, dy, dz are set): a run added to is cleared first if its bit is not set, then marked.
  void addRuns(const Packed& m, const double* xs, const double* ys, const double* zs, double* dx, double* dy, double* dz, int count,
               const Bounds3& blockBox, const Bounds3* runBoxes, std::uint32_t& cleared) const;
  // Offsets of the closed-form curve and planar-polygon metaballs (at most kMax) for one run of
  // vertices, computed in lanes before the normals path visits the run's vertices one by one.
  struct RunOffsets {
    static constexpr int kMax = 4;
    int count = 0;
    std::array<int, kMax> metaball{};
    alignas(64) double ox[kMax][BezierSkeleton::kRunLength], oy[kMax][BezierSkeleton::kRunLength], oz[kMax][BezierSkeleton::kRunLength];
    unsigned char found[kMax][BezierSkeleton::kRunLength];
    int slotOf(int metaballIndex) const {
      for (int k = 0; k < count; ++k)
        if (metaball[static_cast<std::size_t>(k)] == metaballIndex) return k;
      return -1;
    }
  };
  void runOffsets(const double* xs, const double* ys, const double* zs, int n, RunOffsets& out, BezierSkeleton::Hint* hint) const;
  // `run` (optional): offsets computed for the vertex's run, the vertex being lane `lane` of it.
  // skip: bit i set leaves out metaball i (the run path added it in lanes).
  void displacementAndJacobian(const Vec3d& p, const CellItem* items, int count, Vec3d& d, Mat3d& jac,
                               BezierSkeleton::Hint* hint = nullptr, const RunOffsets* run = nullptr, int lane = 0,
                               std::uint64_t skip = 0) const;
  // Positions and normals of one run of consecutive vertices (at most kRunLength): simple point
  // metaballs in lanes (displacement and Jacobian together), the others per vertex, then
  // n' = cof(J) n normalized in lanes.
  void deformNormalsRun(Vec3d* pts, Vec3d* nrm, int count, RunOffsets& run, BezierSkeleton::Hint* hint, const Upcoming& next) const;
  // The same vertex by vertex (a run meeting more metaballs than its SIMD list holds).
  void deformNormalsOneByOne(Vec3d* pts, Vec3d* nrm, int count, const double* xs, const double* ys, const double* zs, RunOffsets& run,
                             BezierSkeleton::Hint* hint) const;
  void buildGrid();

  std::vector<Packed> packed_;
  std::vector<int> unbounded_;  // metaballs tested for every vertex
  std::vector<Vec3<double>> translations_;
  // Uniform grid over the bounded metaballs' boxes.
  Vec3d gridLo_{0, 0, 0}, invCell_{1, 1, 1};
  std::array<int, 3> dims_{0, 0, 0};
  std::vector<int> cellStart_, cellFill_;
  std::vector<CellItem> cellItems_;
};

}  // namespace flexure::deform
