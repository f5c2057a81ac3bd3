#pragma once
// Summaries of repeated timings. The median is a suite's usual figure (a typical frame); the
// minimum is the figure that holds still on a shared machine (the repetition nothing
// interrupted), and is what a figure and its baseline are compared by (interleaved_timing.h).
#include <vector>

namespace flexure::bench {

double median(std::vector<double> v);          // 0 for none
double minimum(const std::vector<double>& v);  // 0 for none

}  // namespace flexure::bench
