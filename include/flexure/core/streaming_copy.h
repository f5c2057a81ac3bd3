#pragma once
// The memory bandwidth available to a loop over a given amount of data: a copy of those bytes
// from one buffer to another by every core (flexure::parallelFor, in chunks of 1 MiB, memcpy per
// chunk). A loop that must read and write that much cannot be faster than this; a suite reports
// each ratio against it beside the ratio against its own single-threaded baseline (issue 29:
// "the physical limit for this work").
#include <cstddef>
#include <vector>

namespace flexure::bench {

class StreamingCopy {
 public:
  // `bytes` copied per run; `threads` 0: every core (hardware concurrency). `pairs`: buffer pairs
  // of their own, run() copying them in turn. On a shared virtual machine the minimum of one
  // buffer pair's copies can be a quarter below the usual bandwidth (issue 29: 1.09 and 1.15 ms
  // against 1.45–1.97 for the other keys of one `bench deform` run, each key with buffers of its
  // own), so a suite that wants the machine's bandwidth rather than one pair's luck times several
  // pairs in turn and takes the median of their minima (medianOfPairMinima).
  explicit StreamingCopy(std::size_t bytes, int threads = 0, int pairs = 1);
  int run();  // one copy, of the next pair in turn; returns that pair's index
  bool copiedCorrectly() const;  // after run(): the destination of the pair copied last holds its source, every byte
  std::size_t bytes() const { return bytes_; }
  int threads() const { return threads_; }
  int pairs() const { return static_cast<int>(from_.size()); }

 private:
  std::size_t bytes_;
  int threads_;
  std::vector<std::vector<unsigned char>> from_, to_;
  int next_ = 0, last_ = 0;
};

// Of timings taken one pair at a time (seconds[i] timed pair[i]), each pair's minimum, and the
// median of those minima (the middle one; 0 for no timings).
double medianOfPairMinima(const std::vector<double>& seconds, const std::vector<int>& pair, int pairs);

}  // namespace flexure::bench
