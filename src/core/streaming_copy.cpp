#include "flexure/core/streaming_copy.h"

#include <algorithm>
#include <cstring>
#include <thread>

#include "flexure/core/parallel_for.h"

namespace flexure::bench {

StreamingCopy::StreamingCopy(std::size_t bytes, int threads)
    : bytes_(bytes),
      threads_(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
      from_(bytes),
      to_(bytes, 0) {
  for (std::size_t i = 0; i < bytes; ++i) from_[i] = static_cast<unsigned char>(1 + i % 251);
}

void StreamingCopy::run() {
  constexpr long kChunk = 1L << 20;
  const long chunks = static_cast<long>((bytes_ + kChunk - 1) / kChunk);
  parallelFor(chunks, 1, threads_, [this](long begin, long end) {
    for (long c = begin; c < end; ++c) {
      const std::size_t at = static_cast<std::size_t>(c) * static_cast<std::size_t>(kChunk);
      std::memcpy(to_.data() + at, from_.data() + at, std::min<std::size_t>(static_cast<std::size_t>(kChunk), bytes_ - at));
    }
  });
}

bool StreamingCopy::copiedCorrectly() const { return to_ == from_; }

}  // namespace flexure::bench
