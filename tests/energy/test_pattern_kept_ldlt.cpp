// The drag's factorization that keeps its analysis while the pattern stays (pattern_kept_ldlt.h):
// the same solutions as a fresh SimplicialLDLT, one analysis per pattern.
#include <catch2/catch.hpp>

#include <Eigen/SparseCholesky>

#include "flexure/energy/pattern_kept_ldlt.h"

using namespace flexure;

namespace {

// A symmetric positive definite chain-like matrix: diagonal `d`, neighbours `off`, and an entry
// joining the ends when `closed` (a different pattern).
Eigen::SparseMatrix<double> banded(int n, double d, double off, bool closed) {
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < n; ++i) {
    t.emplace_back(i, i, d + 0.01 * i);
    if (i + 1 < n) {
      t.emplace_back(i, i + 1, off);
      t.emplace_back(i + 1, i, off);
    }
  }
  if (closed) {
    t.emplace_back(0, n - 1, off);
    t.emplace_back(n - 1, 0, off);
  }
  Eigen::SparseMatrix<double> m(n, n);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

}  // namespace

TEST_CASE("a kept factorization analyses each pattern once and solves like a fresh one", "[energy][sparse]") {
  const int n = 300;
  const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(n, -1.0, 2.0);
  PatternKeptLdlt kept;
  struct Case {
    double d, off;
    bool closed;
    int analysesAfter;
  };
  // Two values on the chain's pattern, then the closed one (a new pattern), then the chain again.
  for (const Case& c : {Case{4.0, -1.0, false, 1}, Case{9.0, 2.5, false, 1}, Case{5.0, -1.5, true, 2},
                        Case{6.0, 0.5, false, 3}}) {
    const Eigen::SparseMatrix<double> m = banded(n, c.d, c.off, c.closed);
    REQUIRE(kept.factorize(m));
    CHECK(kept.analyses() == c.analysesAfter);
    const Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> fresh(m);
    const Eigen::VectorXd x = kept.solve(b);
    CHECK((x - fresh.solve(b)).norm() <= 1e-12 * x.norm());
    CHECK((m * x - b).norm() <= 1e-12 * b.norm());
  }
}
