#pragma once
// A symmetric matrix between the control points of a cubic B-spline, accumulated in place: each
// control point couples only with the points of the spans it shares, at most 3 on either side
// (7 with itself), so a row is a short list, not a set of triplets to sort. Its interleaved
// 2n×2n form (the same coefficient for x and for y) is the curve's K or H.
//
// Why not triplets: assembling K of 100 000 control points made 3.2·10⁶ triplets (51 MB) and
// sorted them, far beyond the 32 MB cache, which is where `bench scaling`'s curves_mes stopped
// growing linearly (docs/performance.md, "How each cost grows"); columns of 7 slots take a tenth
// of that and are written out in order.
#include <Eigen/SparseCore>
#include <array>
#include <vector>

namespace flexure {

class ControlPointCoupling {
 public:
  static constexpr int kMaxNeighbours = 7;  // a point and 3 on either side

  explicit ControlPointCoupling(int controlPoints);
  // Adds c to entry (i, j) (only; call again with (j, i) for the symmetric entry). Throws
  // std::logic_error past 7 distinct rows in column j.
  void add(int i, int j, double c);
  // The 2n×2n matrix with entry (2i+a, 2j+a) = entry (i, j), a ∈ {x, y}, columns in order.
  Eigen::SparseMatrix<double> interleaved() const;

 private:
  struct Column {
    int size = 0;
    std::array<int, kMaxNeighbours> row{};
    std::array<double, kMaxNeighbours> value{};
  };
  std::vector<Column> columns_;
};

}  // namespace flexure
