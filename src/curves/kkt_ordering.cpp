#include "flexure/curves/kkt_ordering.h"

#include <Eigen/OrderingMethods>
#include <vector>

namespace flexure {

KktPermutation bandedKktOrdering(const Eigen::SparseMatrix<double>& lower, int coordinates) {
  const int size = static_cast<int>(lower.cols());
  const int rows = size - coordinates;
  // The largest coordinate column holding an entry of each constraint row (-1: none).
  std::vector<int> last(static_cast<std::size_t>(rows), -1);
  for (int c = 0; c < coordinates; ++c)
    for (Eigen::SparseMatrix<double>::InnerIterator it(lower, c); it; ++it)
      if (it.row() >= coordinates) last[static_cast<std::size_t>(it.row() - coordinates)] = c;
  // Rows bucketed by that column (a counting sort, stable in the row index).
  std::vector<int> start(static_cast<std::size_t>(coordinates) + 2, 0);
  for (int j = 0; j < rows; ++j) ++start[static_cast<std::size_t>(last[static_cast<std::size_t>(j)] + 2)];
  for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
  std::vector<int> bucket(static_cast<std::size_t>(rows));
  for (int j = 0; j < rows; ++j) bucket[static_cast<std::size_t>(start[static_cast<std::size_t>(last[static_cast<std::size_t>(j)] + 1)]++)] = j;
  // After the shift above, start[c + 1] is the end of column c's bucket, start[c] its beginning.
  KktPermutation order(size);
  int position = 0;
  std::size_t next = 0;
  auto placeRowsAfter = [&](int column) {
    for (; next < static_cast<std::size_t>(start[static_cast<std::size_t>(column + 1)]); ++next)
      order.indices()[coordinates + bucket[next]] = position++;
  };
  placeRowsAfter(-1);  // rows reading no free coordinate
  for (int c = 0; c < coordinates; ++c) {
    order.indices()[c] = position++;
    placeRowsAfter(c);
  }
  return order;
}

double lowerEnvelope(const Eigen::SparseMatrix<double>& lower, const KktPermutation& order) {
  const int size = static_cast<int>(lower.cols());
  std::vector<int> first(static_cast<std::size_t>(size));
  for (int r = 0; r < size; ++r) first[static_cast<std::size_t>(r)] = r;
  for (int c = 0; c < size; ++c)
    for (Eigen::SparseMatrix<double>::InnerIterator it(lower, c); it; ++it) {
      const int a = order.indices()[static_cast<int>(it.row())], b = order.indices()[c];
      const int row = std::max(a, b);
      first[static_cast<std::size_t>(row)] = std::min(first[static_cast<std::size_t>(row)], std::min(a, b));
    }
  double envelope = 0.0;
  for (int r = 0; r < size; ++r) envelope += r - first[static_cast<std::size_t>(r)] + 1;
  return envelope;
}

KktPermutation kktOrdering(const Eigen::SparseMatrix<double>& lower, int coordinates) {
  KktPermutation banded = bandedKktOrdering(lower, coordinates);
  if (lowerEnvelope(lower, banded) <= kBandedEnvelopeRatio * static_cast<double>(lower.nonZeros())) return banded;
  // AMD on the full symmetric pattern returns P⁻¹ (as SimplicialLDLT uses it).
  const Eigen::SparseMatrix<double> full = lower.selfadjointView<Eigen::Lower>();
  KktPermutation inverse;
  Eigen::AMDOrdering<int>()(full, inverse);
  return inverse.inverse();
}

}  // namespace flexure
