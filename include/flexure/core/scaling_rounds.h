#pragma once
// Rounds of a scaling probe (issue 29, "figures that hold still"). Measured once per size in a
// block, sizes in order, one busy moment of the shared machine at 10⁵ or at 10³ moved
// `exponent_from_1000` by up to 0.1 from run to run (the fit over 10³, 10⁴, 10⁵ is
// (log t(10⁵) − log t(10³)) / 2, so each end point weighs fully). Here every size is measured once
// per round, the rounds interleaved across the sizes (ascending in even rounds, descending in odd
// ones, so a slow stretch of the machine falls on every size), and each size is summarized by its
// minimum over the rounds: the repetition nothing interrupted, the same treatment at every size.
#include <functional>
#include <vector>

namespace flexure {

struct ScalingRounds {
  std::vector<int> sizes;                    // the sizes actually used (from the first round)
  std::vector<std::vector<double>> seconds;  // seconds[round][size index], sizes in `sizes` order
};

// Calls `measure(requested, actual)` for every size in every round: round 0 ascending (exactly
// the old one-block measurement, kept as `block_*` in the JSON), round 1 descending, and so on.
ScalingRounds interleavedScalingRounds(int rounds, const std::vector<int>& requested,
                                       const std::function<double(int requested, int& actual)>& measure);

// Per size, over the rounds.
std::vector<double> roundMinimum(const ScalingRounds& r);
std::vector<double> roundMedian(const ScalingRounds& r);

}  // namespace flexure
