#include "flexure/deform/deform_benchmark.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>

#include "flexure/deform/figure_setups.h"
#include "flexure/deform/grid_mesh_primitive.h"
#ifdef _OPENMP
#include <omp.h>
#endif

namespace flexure::deform {

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Processor time of the whole process (all threads), to tell computation from waiting for a
// core on a loaded machine.
double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

double secondsOf(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Times `setup` on the grid: median of deformations (reset untimed between runs) and median of
// plain copies of the same array.
nlohmann::json timeSetup(const DeformerSetup& setup, const std::vector<Vec3d>& source, int runs, bool withNormals) {
  MetaballDeformOperator op;
  const std::vector<double> slots = configure(op, setup);
  std::vector<Vec3d> work(source.size()), normals;
  if (withNormals) normals.assign(source.size(), Vec3d(0, 0, 1));
  std::vector<double> deformTimes, copyTimes, cpuTimes;
  std::size_t moved = 0;
  for (int r = 0; r < runs + 1; ++r) {  // the first run warms caches and buffers
    const double copy = secondsOf([&] { std::copy(source.begin(), source.end(), work.begin()); });
    if (withNormals) std::fill(normals.begin(), normals.end(), Vec3d(0, 0, 1));
    const double cpu0 = processCpuSeconds();
    const double deformSeconds = secondsOf([&] { op.applyBatchFromSlots(slots.data(), work, normals); });
    const double cpu = processCpuSeconds() - cpu0;
    if (r == 0) {
      for (std::size_t i = 0; i < source.size(); ++i) moved += (work[i].x != source[i].x || work[i].y != source[i].y || work[i].z != source[i].z);
      continue;
    }
    copyTimes.push_back(copy);
    deformTimes.push_back(deformSeconds);
    cpuTimes.push_back(cpu);
  }
  const double s = median(deformTimes), c = median(copyTimes);
  return {{"seconds", s}, {"copy_seconds", c}, {"ratio", s / c}, {"cpu_seconds", median(cpuTimes)}, {"metaballs", setup.metaballs.size()},
          {"moved_fraction", double(moved) / double(source.size())}};
}

}  // namespace

nlohmann::json runDeformBenchmark(bool quick) {
  const int side = quick ? 300 : 1000;
  const int runs = quick ? 5 : 15;
  const std::vector<Vec3d> grid = makeGridMesh(2.0, 2.0, side - 1, side - 1).positions;
  nlohmann::json out;
  out["vertices"] = grid.size();
#ifdef _OPENMP
  out["threads"] = omp_get_max_threads();
#else
  out["threads"] = 1;
#endif
  out["z12"] = timeSetup(zLetterSetup(), grid, runs, false);
  out["z12_normals"] = timeSetup(zLetterSetup(), grid, runs, true);
  for (const std::string& type : benchmarkSkeletonTypes()) out[type] = timeSetup(singleSkeletonSetup(type), grid, runs, false);
  return out;
}

}  // namespace flexure::deform
