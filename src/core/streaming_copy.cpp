#include "flexure/core/streaming_copy.h"

#include <algorithm>
#include <cstring>
#include <thread>

#include "flexure/core/bench_statistics.h"
#include "flexure/core/parallel_for.h"

namespace flexure::bench {

StreamingCopy::StreamingCopy(std::size_t bytes, int threads, int pairs)
    : bytes_(bytes), threads_(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {
  for (int k = 0; k < std::max(1, pairs); ++k) {
    from_.emplace_back(bytes);
    to_.emplace_back(bytes, 0);
    for (std::size_t i = 0; i < bytes; ++i) from_.back()[i] = static_cast<unsigned char>(1 + (i + static_cast<std::size_t>(k)) % 251);
  }
}

int StreamingCopy::run() {
  constexpr long kChunk = 1L << 20;
  const long chunks = static_cast<long>((bytes_ + kChunk - 1) / kChunk);
  last_ = next_;
  next_ = (next_ + 1) % pairs();
  const unsigned char* from = from_[static_cast<std::size_t>(last_)].data();
  unsigned char* to = to_[static_cast<std::size_t>(last_)].data();
  parallelFor(chunks, 1, threads_, [&](long begin, long end) {
    for (long c = begin; c < end; ++c) {
      const std::size_t at = static_cast<std::size_t>(c) * static_cast<std::size_t>(kChunk);
      std::memcpy(to + at, from + at, std::min<std::size_t>(static_cast<std::size_t>(kChunk), bytes_ - at));
    }
  });
  return last_;
}

bool StreamingCopy::copiedCorrectly() const { return to_[static_cast<std::size_t>(last_)] == from_[static_cast<std::size_t>(last_)]; }

double medianOfPairMinima(const std::vector<double>& seconds, const std::vector<int>& pair, int pairs) {
  std::vector<double> minima;
  for (int k = 0; k < pairs; ++k) {
    double least = 0.0;
    bool any = false;
    for (std::size_t i = 0; i < seconds.size() && i < pair.size(); ++i)
      if (pair[i] == k && (!any || seconds[i] < least)) {
        least = seconds[i];
        any = true;
      }
    if (any) minima.push_back(least);
  }
  return median(minima);
}

}  // namespace flexure::bench
