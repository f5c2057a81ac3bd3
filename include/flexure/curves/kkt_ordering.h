#pragma once
// The elimination order of the curve solver's KKT system [H+εI Jᵀ; J -δI] (direct_equilibrium.h).
//
// A curve's H is banded in the curve's own order (a control point meets 3 neighbours on each
// side), so LDLᵀ in that order makes no fill inside the band and walks memory in order. The
// equality rows are placed each right after the last coordinate it reads, where a row at a curve's
// end (a nail, a tangent) stays in the band too. AMD, which the solver used before, ignores the
// band: for 10⁵ control points its order scattered every solve's and permutation's reads over
// 200 000 entries (a quarter of a cold solve in cache misses, and AMD itself a tenth).
//
// The banded order is taken when its envelope (for each row of the permuted lower triangle, the
// span from its first entry to the diagonal: LDLᵀ's fill never leaves it) holds at most
// kBandedEnvelopeRatio times the lower triangle's entries; rows that join distant coordinates
// (a constraint between the two ends of a curve, curves of a family tied together) make it
// larger, and then AMD's order is used.
#include <Eigen/SparseCore>

namespace flexure {

using KktPermutation = Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int>;

inline constexpr double kBandedEnvelopeRatio = 4.0;

// `lower`: the lower triangle of the (n + m)-square KKT matrix, coordinates first. Returns P with
// P.indices()[old] = new position; the factored matrix is P A Pᵀ.
KktPermutation kktOrdering(const Eigen::SparseMatrix<double>& lower, int coordinates);

// The curve's own order with each of the last rows (index ≥ coordinates) moved right after the
// largest coordinate column it has an entry in.
KktPermutation bandedKktOrdering(const Eigen::SparseMatrix<double>& lower, int coordinates);

// Σ over the rows of P A Pᵀ's lower triangle of (row - first column + 1).
double lowerEnvelope(const Eigen::SparseMatrix<double>& lower, const KktPermutation& order);

}  // namespace flexure
