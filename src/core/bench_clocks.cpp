#include "flexure/core/bench_clocks.h"

#include <chrono>
#include <ctime>

namespace flexure::bench {

namespace {

double posixClockSeconds(clockid_t id) {
  timespec t{};
  clock_gettime(id, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
double threadCpuSeconds() { return posixClockSeconds(CLOCK_THREAD_CPUTIME_ID); }
double processCpuSeconds() { return posixClockSeconds(CLOCK_PROCESS_CPUTIME_ID); }

}  // namespace flexure::bench
