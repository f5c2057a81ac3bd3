// The chain and ring solver of the direct scheme (bordered_block_tridiagonal.h) against Eigen's
// dense Cholesky of the same matrix.
#include <Eigen/Dense>
#include <catch2/catch.hpp>
#include <random>

#include "flexure/rigid/bordered_block_tridiagonal.h"

using namespace flexure;

namespace {

// A symmetric positive definite matrix of `joints` 3×3 block rows, coupled like a chain (and,
// bordered, like a ring whose last joint couples with every other), both as blocks and dense.
Eigen::MatrixXd makeChainMatrix(int joints, bool bordered, unsigned seed, BorderedBlockTridiagonal& blocks) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const auto randomBlock = [&] {
    Eigen::Matrix3d m;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) m(i, j) = uniform(random);
    return m;
  };
  blocks.resize(joints, bordered);
  const int n = 3 * joints;
  Eigen::MatrixXd dense = Eigen::MatrixXd::Zero(n, n);
  const int m = bordered ? joints - 1 : joints;
  for (int k = 0; k + 1 < m; ++k) {
    blocks.below[static_cast<std::size_t>(k)] = randomBlock();
    dense.block<3, 3>(3 * (k + 1), 3 * k) = blocks.below[static_cast<std::size_t>(k)];
  }
  if (bordered)
    for (int k = 0; k < m; ++k) {
      blocks.border[static_cast<std::size_t>(k)] = randomBlock() * 0.3;
      dense.block<3, 3>(3 * m, 3 * k) = blocks.border[static_cast<std::size_t>(k)];
    }
  // Diagonally dominant diagonal blocks: positive definite.
  for (int k = 0; k < joints; ++k) {
    const Eigen::Matrix3d r = randomBlock();
    const double dominance = bordered && k == m ? 3.0 * joints : 8.0;
    blocks.diagonal[static_cast<std::size_t>(k)] = r * r.transpose() + dominance * Eigen::Matrix3d::Identity();
    dense.block<3, 3>(3 * k, 3 * k) = blocks.diagonal[static_cast<std::size_t>(k)];
  }
  return dense.selfadjointView<Eigen::Lower>();
}

}  // namespace

TEST_CASE("block elimination solves a chain's and a ring's joint system as a dense Cholesky does", "[rigid][direct]") {
  for (const bool bordered : {false, true})
    for (const int joints : {1, 2, 3, 50}) {
      if (bordered && joints < 2) continue;
      INFO("joints " << joints << (bordered ? ", ring" : ", chain"));
      BorderedBlockTridiagonal blocks;
      const Eigen::MatrixXd dense = makeChainMatrix(joints, bordered, 7u + static_cast<unsigned>(joints), blocks);
      const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(3 * joints, -1.0, 2.0);
      const Eigen::VectorXd expected = dense.llt().solve(b);
      REQUIRE(blocks.factorize());
      Eigen::VectorXd x = b;
      blocks.solve(x);
      CHECK((x - expected).norm() <= 1e-12 * expected.norm());
      CHECK((dense * x - b).norm() <= 1e-12 * b.norm());
    }
}

TEST_CASE("block elimination refuses a pivot that is not positive definite", "[rigid][direct]") {
  BorderedBlockTridiagonal blocks;
  makeChainMatrix(4, false, 3u, blocks);
  blocks.diagonal[2](1, 1) = -50.0;  // S_2 indefinite
  CHECK_FALSE(blocks.factorize());
}
