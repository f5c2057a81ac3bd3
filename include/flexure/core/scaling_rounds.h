#pragma once
// Rounds of the scaling probes (issue 29, "figures that hold still"). Measured once per size in a
// block, sizes in order, one busy moment of the shared machine at 10⁵ or at 10³ moved
// `exponent_from_1000` by up to 0.1 from run to run (the fit over 10³, 10⁴, 10⁵ is
// (log t(10⁵) − log t(10³)) / 2, so each end point weighs fully). Here every size is measured once
// per round, and each round runs every probe's sizes in turn (ascending in even rounds,
// descending in odd ones), so that a size's repetitions are spread over the whole suite and a
// busy stretch of the machine falls on every size rather than on all repetitions of one. Each
// size is summarized by its minimum over the rounds: the repetition nothing interrupted, the same
// treatment at every size.
#include <functional>
#include <vector>

namespace flexure {

// One probe's sizes and how to measure one of them (seconds; the size used through `actual`).
struct ScalingSeries {
  std::vector<int> requested;
  std::function<double(int requested, int& actual)> measure;
};

struct ScalingRounds {
  std::vector<int> sizes;                    // the sizes actually used (from the first round)
  std::vector<std::vector<double>> seconds;  // seconds[round][size index], sizes in `sizes` order
  double wallSeconds = 0.0;                  // the wall time of all its measurements
};

// Calls every series' `measure` for each of its sizes in every round: round 0 ascending (for each
// series exactly the old one-block measurement, kept as `block_*` in the JSON), round 1
// descending, and so on; the series in turn within a round. One result per series.
std::vector<ScalingRounds> interleavedScalingRounds(int rounds, const std::vector<ScalingSeries>& series);

// Per size, over the rounds.
std::vector<double> roundMinimum(const ScalingRounds& r);
std::vector<double> roundMedian(const ScalingRounds& r);

}  // namespace flexure
