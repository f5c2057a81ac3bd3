#include "flexure/energy/pattern_kept_ldlt.h"

#include <algorithm>

namespace flexure {

bool PatternKeptLdlt::samePattern(const Eigen::SparseMatrix<double>& m) const {
  const auto cols = static_cast<std::size_t>(m.cols());
  if (outer_.size() != cols + 1 || inner_.size() != static_cast<std::size_t>(m.nonZeros())) return false;
  return std::equal(outer_.begin(), outer_.end(), m.outerIndexPtr()) &&
         std::equal(inner_.begin(), inner_.end(), m.innerIndexPtr());
}

bool PatternKeptLdlt::factorize(const Eigen::SparseMatrix<double>& m) {
  if (!m.isCompressed() || m.rows() != m.cols()) {
    ldlt_.compute(m);
    outer_.clear();
    inner_.clear();
    ++analyses_;
    return ldlt_.info() == Eigen::Success;
  }
  if (!samePattern(m)) {
    ldlt_.analyzePattern(m);
    outer_.assign(m.outerIndexPtr(), m.outerIndexPtr() + m.cols() + 1);
    inner_.assign(m.innerIndexPtr(), m.innerIndexPtr() + m.nonZeros());
    ++analyses_;
  }
  ldlt_.factorize(m);
  return ldlt_.info() == Eigen::Success;
}

}  // namespace flexure
