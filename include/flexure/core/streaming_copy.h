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
  // `bytes` copied per run; `threads` 0: every core (hardware concurrency).
  explicit StreamingCopy(std::size_t bytes, int threads = 0);
  void run();  // one copy
  bool copiedCorrectly() const;  // after run(): the destination holds the source, every byte
  std::size_t bytes() const { return bytes_; }
  int threads() const { return threads_; }

 private:
  std::size_t bytes_;
  int threads_;
  std::vector<unsigned char> from_, to_;
};

}  // namespace flexure::bench
