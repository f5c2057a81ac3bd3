#include "flexure/curves/control_point_coupling.h"

#include <algorithm>
#include <stdexcept>

namespace flexure {

ControlPointCoupling::ControlPointCoupling(int controlPoints) : columns_(static_cast<std::size_t>(std::max(0, controlPoints))) {}

void ControlPointCoupling::add(int i, int j, double c) {
  // Each column's rows are kept in increasing order, as insertBack needs them.
  Column& column = columns_[static_cast<std::size_t>(j)];
  std::size_t k = 0;
  const auto used = static_cast<std::size_t>(column.size);
  while (k < used && column.row[k] < i) ++k;
  if (k < used && column.row[k] == i) {
    column.value[k] += c;
    return;
  }
  if (used == kMaxNeighbours) throw std::logic_error("ControlPointCoupling: more than 7 neighbours of a control point");
  for (std::size_t s = used; s > k; --s) {
    column.row[s] = column.row[s - 1];
    column.value[s] = column.value[s - 1];
  }
  column.row[k] = i;
  column.value[k] = c;
  ++column.size;
}

Eigen::SparseMatrix<double> ControlPointCoupling::interleaved() const {
  const int n = static_cast<int>(columns_.size());
  Eigen::Index nonZeros = 0;
  for (const Column& column : columns_) nonZeros += column.size;
  Eigen::SparseMatrix<double> out(2 * n, 2 * n);
  out.reserve(2 * nonZeros);
  for (int j = 0; j < n; ++j) {
    const Column& column = columns_[static_cast<std::size_t>(j)];
    for (int a = 0; a < 2; ++a) {
      out.startVec(2 * j + a);
      for (std::size_t k = 0; k < static_cast<std::size_t>(column.size); ++k) out.insertBack(2 * column.row[k] + a, 2 * j + a) = column.value[k];
    }
  }
  out.finalize();
  return out;
}

}  // namespace flexure
