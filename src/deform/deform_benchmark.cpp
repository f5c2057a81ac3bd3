#include "flexure/deform/deform_benchmark.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>

#include "flexure/core/bench_clocks.h"
#include "flexure/core/bench_statistics.h"
#include "flexure/core/scaling_benchmark.h"
#include "flexure/core/streaming_copy.h"
#include "flexure/deform/figure_setups.h"
#include "flexure/deform/grid_mesh_primitive.h"
#include "flexure/deform/potential.h"
#ifdef _OPENMP
#include <omp.h>
#endif

namespace flexure::deform {

namespace {

using bench::median;
using bench::processCpuSeconds;  // the whole process (all threads): computation, not waiting for a core
using bench::threadCpuSeconds;   // the calling thread: with one thread, the work itself, whatever the load

double secondsOf(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Times `setup` on the grid: median of deformations (reset untimed between runs) and median of
// plain copies of the same array; and, in the same repetitions (copy, all-core copy,
// deformation, in turn), the minimum of each, so that the figure and its baselines get the same
// treatment (interleaved_timing.h), and the all-core streaming copy of the bytes the deformation
// reads and writes (streaming_copy.h: the memory bandwidth, the physical limit of this work).
nlohmann::json timeSetup(const DeformerSetup& setup, const std::vector<Vec3d>& source, int runs, bool withNormals) {
  MetaballDeformOperator op;
  const std::vector<double> slots = configure(op, setup);
  std::vector<Vec3d> work(source.size()), normals;
  if (withNormals) normals.assign(source.size(), Vec3d(0, 0, 1));
  // Three buffer pairs for the streaming copy, taken in turn, and the median of their minima:
  // one pair's minimum alone could be a quarter below the machine's usual bandwidth
  // (streaming_copy.h); the fastest copy is reported beside.
  constexpr int kStreamPairs = 3;
  bench::StreamingCopy stream(source.size() * sizeof(Vec3d) * (withNormals ? 2 : 1), 0, kStreamPairs);
  std::vector<double> deformTimes, copyTimes, cpuTimes, streamTimes;
  std::vector<int> streamPairs;
  std::size_t moved = 0;
  for (int r = 0; r < runs + 1; ++r) {  // the first run warms caches and buffers
    const double copy = secondsOf([&] { std::copy(source.begin(), source.end(), work.begin()); });
    int pair = 0;
    const double streamed = secondsOf([&] { pair = stream.run(); });
    if (withNormals) std::fill(normals.begin(), normals.end(), Vec3d(0, 0, 1));
    const double cpu0 = processCpuSeconds();
    const double deformSeconds = secondsOf([&] { op.applyBatchFromSlots(slots.data(), work, normals); });
    const double cpu = processCpuSeconds() - cpu0;
    if (r == 0) {
      for (std::size_t i = 0; i < source.size(); ++i) moved += (work[i].x != source[i].x || work[i].y != source[i].y || work[i].z != source[i].z);
      continue;
    }
    copyTimes.push_back(copy);
    streamTimes.push_back(streamed);
    streamPairs.push_back(pair);
    deformTimes.push_back(deformSeconds);
    cpuTimes.push_back(cpu);
  }
  // The same on one thread, in thread processor time (copy and deformation alike): a figure
  // the other jobs of a loaded machine do not inflate.
  std::vector<double> singleTimes, singleCopyTimes;
#ifdef _OPENMP
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
#endif
  for (int r = 0; r < runs; ++r) {
    const double t0 = threadCpuSeconds();
    std::copy(source.begin(), source.end(), work.begin());
    const double t1 = threadCpuSeconds();
    if (withNormals) std::fill(normals.begin(), normals.end(), Vec3d(0, 0, 1));
    const double t2 = threadCpuSeconds();
    op.applyBatchFromSlots(slots.data(), work, normals);
    singleTimes.push_back(threadCpuSeconds() - t2);
    singleCopyTimes.push_back(t1 - t0);
  }
#ifdef _OPENMP
  omp_set_num_threads(threads);
#endif
  const double s = median(deformTimes), c = median(copyTimes);
  const double s1 = median(singleTimes), c1 = median(singleCopyTimes);
  const double sMin = bench::minimum(deformTimes), cMin = bench::minimum(copyTimes);
  const double streamMin = bench::medianOfPairMinima(streamTimes, streamPairs, kStreamPairs), streamFastest = bench::minimum(streamTimes);
  return {{"seconds", s}, {"copy_seconds", c}, {"ratio", s / c}, {"cpu_seconds", median(cpuTimes)},
          {"single_thread_seconds", s1}, {"single_thread_copy_seconds", c1}, {"single_thread_ratio", s1 / c1},
          {"metaballs", setup.metaballs.size()}, {"moved_fraction", double(moved) / double(source.size())},
          // Minima of the same interleaved repetitions: the figures that hold still (issue 29).
          {"min_seconds", sMin}, {"min_copy_seconds", cMin}, {"min_ratio", sMin / cMin},
          {"stream_copy_seconds", streamMin}, {"stream_copy_bytes", stream.bytes()}, {"stream_copy_threads", stream.threads()},
          {"stream_ratio", sMin / streamMin}, {"stream_copy_pairs", kStreamPairs}, {"stream_copy_fastest_seconds", streamFastest},
          {"fastest_stream_ratio", sMin / streamFastest}};
}

// The issue's yardsticks for z12, timed in the same run: "a straightforward single-threaded loop
// over all twelve metaballs per vertex" (Eq. 3 from r^2, Eq. 8's sum), and the same loop with a
// bounding-box test first. Written plainly, but without a square root, so they are not slowed
// artificially.
double referenceLoopSeconds(const DeformerSetup& setup, const std::vector<Vec3d>& source, std::vector<Vec3d>& work, bool boxTest,
                            double& cpuSeconds) {
  struct Ball { Vec3d c, dD; double r2; Bounds3 box; };
  MetaballDeformOperator op;
  const std::vector<double> slots = configure(op, setup);
  std::vector<Ball> balls;
  for (int i = 0; i < static_cast<int>(op.metaballs().size()); ++i) {
    const double* s = slots.data() + op.slotOffset(i);
    const Vec3d c = std::get<PointSkeleton>(op.metaballs()[static_cast<std::size_t>(i)].skeleton).center;
    const double r = s[kSlotRadius];
    balls.push_back({c, Vec3d(s[kSlotDx], s[kSlotDy], s[kSlotDz]), r * r, Bounds3{c, c}.padded(r)});
  }
  std::copy(source.begin(), source.end(), work.begin());
  const double cpu0 = threadCpuSeconds();
  const double wall = secondsOf([&] {
    for (Vec3d& p : work) {
      Vec3d d(0, 0, 0);
      for (const Ball& b : balls) {
        if (boxTest && !b.box.contains(p)) continue;
        const double x = squaredNorm(p - b.c) / b.r2;
        if (x < 1.0) d += b.dD * wyvillOfSquare(x);
      }
      p += d;
    }
  });
  cpuSeconds = threadCpuSeconds() - cpu0;
  return wall;
}

nlohmann::json referenceLoops(const std::vector<Vec3d>& source, double copySeconds, double streamCopySeconds, int runs) {
  std::vector<Vec3d> work(source.size());
  std::vector<double> plain, boxed, plainCpu, boxedCpu;
  for (int r = 0; r < runs; ++r) {
    double cpu = 0.0;
    plain.push_back(referenceLoopSeconds(zLetterSetup(), source, work, false, cpu));
    plainCpu.push_back(cpu);
    boxed.push_back(referenceLoopSeconds(zLetterSetup(), source, work, true, cpu));
    boxedCpu.push_back(cpu);
  }
  const double a = median(plain), b = median(boxed);
  // The processor times compare with the suites' single_thread_seconds.
  return {{"straightforward_seconds", a}, {"straightforward_ratio", a / copySeconds}, {"boxed_seconds", b}, {"boxed_ratio", b / copySeconds},
          {"straightforward_cpu_seconds", median(plainCpu)}, {"boxed_cpu_seconds", median(boxedCpu)},
          {"straightforward_min_seconds", bench::minimum(plain)}, {"boxed_min_seconds", bench::minimum(boxed)},
          {"straightforward_stream_ratio", bench::minimum(plain) / streamCopySeconds},
          {"boxed_stream_ratio", bench::minimum(boxed) / streamCopySeconds}};
}

}  // namespace

namespace {

// One deformation of a square grid of about `vertices` vertices by the 12-point Z, on one
// thread (the algorithm's growth, not the machine's cores), thread CPU seconds, median of runs.
double zLetterGridSeconds(int vertices, bool quick, int& actual) {
  const int side = std::max(2, static_cast<int>(std::lround(std::sqrt(double(vertices)))));
  const std::vector<Vec3d> grid = makeGridMesh(2.0, 2.0, side - 1, side - 1).positions;
  actual = static_cast<int>(grid.size());
  MetaballDeformOperator op;
  const std::vector<double> slots = configure(op, zLetterSetup());
  std::vector<Vec3d> work(grid.size()), normals;
#ifdef _OPENMP
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
#endif
  const int runs = quick ? 5 : (actual >= 1000000 ? 5 : 15);
  std::vector<double> seconds;
  for (int r = 0; r < runs + 1; ++r) {  // the first run warms caches and buffers
    std::copy(grid.begin(), grid.end(), work.begin());
    const double t0 = threadCpuSeconds();
    op.applyBatchFromSlots(slots.data(), work, normals);
    if (r > 0) seconds.push_back(threadCpuSeconds() - t0);
  }
#ifdef _OPENMP
  omp_set_num_threads(threads);
#endif
  return median(seconds);
}

}  // namespace

void registerDeformScalingProbe() {
  addScalingProbe({"deform_metaballs", "vertices", "thread_cpu",
                   "one deformation (positions) of a square grid by the 12-point Z on one thread, median of 15 "
                   "(5 at 10^6 and with --quick)",
                   {10, 100, 1000, 10000, 100000, 1000000}, {10, 100, 1000, 10000, 100000}, zLetterGridSeconds});
}

nlohmann::json runDeformBenchmark(bool quick) {
  const int side = quick ? 300 : 1000;
  const int runs = quick ? 5 : 21;
  const std::vector<Vec3d> grid = makeGridMesh(2.0, 2.0, side - 1, side - 1).positions;
  nlohmann::json out;
  out["vertices"] = grid.size();
#ifdef _OPENMP
  out["threads"] = omp_get_max_threads();
#else
  out["threads"] = 1;
#endif
  out["z12"] = timeSetup(zLetterSetup(), grid, runs, false);
  out["z12_reference"] = referenceLoops(grid, out["z12"]["copy_seconds"].get<double>(),
                                       out["z12"]["stream_copy_seconds"].get<double>(), quick ? 3 : 5);
  out["z12_normals"] = timeSetup(zLetterSetup(), grid, runs, true);
  for (const std::string& type : benchmarkSkeletonTypes()) out[type] = timeSetup(singleSkeletonSetup(type), grid, runs, false);
  // What the window computes while a curve's handle is dragged: positions and normals.
  out["bezier_normals"] = timeSetup(singleSkeletonSetup("bezier"), grid, runs, true);
  // Every other skeleton with normals too (issue 29: "normals included").
  for (const std::string& type : benchmarkSkeletonTypes())
    if (type != "bezier") out[type + "_normals"] = timeSetup(singleSkeletonSetup(type), grid, runs, true);
  return out;
}

}  // namespace flexure::deform
