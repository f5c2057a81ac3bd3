#pragma once
// A figure and its baseline timed the same way: `rounds` rounds, each running every one of
// `runs` once in turn (figure, baseline, figure, baseline, ...), so that a slow moment of the
// machine (another process, a frequency change) falls on both and the minimum over the rounds
// leaves it out of both. The deformation suite's copy varied from 0.8 to 1.4 ms on the same idle
// machine in one day when it was timed once beside a figure taken as the minimum of several
// (issue 29); timed like this, the two move together.
#include <cstddef>
#include <functional>
#include <vector>

namespace flexure::bench {

// Wall seconds of every round of each run: times[run][round]. `before` (optional) runs untimed
// before each timed call, with the run's index (to reset the data a run changes).
std::vector<std::vector<double>> interleavedWallSeconds(int rounds, const std::vector<std::function<void()>>& runs,
                                                         const std::function<void(std::size_t run)>& before = {});

// The minimum over the rounds of each run: minima[run].
std::vector<double> interleavedMinimumSeconds(int rounds, const std::vector<std::function<void()>>& runs,
                                              const std::function<void(std::size_t run)>& before = {});

}  // namespace flexure::bench
