#include "peers_benchmark.h"

#include <algorithm>
#include <string>
#include <vector>

#include "bullet_chain.h"
#include "flexure/core/bench_clocks.h"
#include "flexure/core/bench_statistics.h"
#include "flexure/rigid/rigid_benchmarks.h"

namespace flexure::peers {

namespace {

constexpr double kPeerFrame = 1.0 / 60.0;
constexpr double kPeerLinkWidth = 0.2;  // issue 29's boxes, 1 × 0.2 × 0.2
constexpr int kFlexureIterationLimit = 30;  // as the rigid suite

struct EngineFigures {
  std::vector<double> wall, cpu, iterations;
  double largestGap = 0.0;

  template <class Step>
  void time(const Step& step) {
    const double w0 = bench::wallSeconds(), c0 = bench::threadCpuSeconds();
    step();
    cpu.push_back(bench::threadCpuSeconds() - c0);
    wall.push_back(bench::wallSeconds() - w0);
  }
  nlohmann::json json() const {
    nlohmann::json j = {{"seconds_per_frame", bench::median(wall)},
                        {"min_seconds_per_frame", bench::minimum(wall)},
                        {"cpu_seconds_per_frame", bench::median(cpu)},
                        {"max_joint_error", largestGap}};
    if (!iterations.empty()) j["median_iterations"] = bench::median(iterations);
    return j;
  }
};

nlohmann::json runPeerCase(int links, bool closed, int frames) {
  BulletChain bullet(links, closed, kPeerLinkWidth);
  RodChainSimulation flexure(links, closed, ProcessingScheme::Direct, kFlexureIterationLimit, kPeerLinkWidth);
  EngineFigures b, f;
  for (int k = 0; k < frames; ++k) {
    b.time([&bullet] { bullet.step(kPeerFrame); });
    b.largestGap = std::max(b.largestGap, bullet.largestGap());
    DynamicsReport report;
    f.time([&flexure, &report] { report = flexure.frame(); });
    f.iterations.push_back(report.iterations);
    f.largestGap = std::max(f.largestGap, flexure.largestGap());
  }
  const nlohmann::json bj = b.json(), fj = f.json();
  const double ratio = fj["seconds_per_frame"].get<double>() / bj["seconds_per_frame"].get<double>();
  const double ratioMin = fj["min_seconds_per_frame"].get<double>() / bj["min_seconds_per_frame"].get<double>();
  return {{"links", links}, {"closed", closed}, {"frames", frames}, {"bullet", bj}, {"flexure", fj},
          {"ratio", ratio}, {"ratio_min", ratioMin}};
}

}  // namespace

nlohmann::json runPeersBenchmark(bool quick) {
  nlohmann::json out;
  out["engine"] = "Bullet " + BulletChain::version() +
                  " (btDiscreteDynamicsWorld, btSequentialImpulseConstraintSolver, 10 iterations)";
  // The 300 steps per case; --quick only checks that the suite runs.
  out["chain1000"] = runPeerCase(1000, false, quick ? 5 : 300);
  out["ring1000"] = runPeerCase(1000, true, quick ? 5 : 300);
  out["chain10000"] = runPeerCase(10000, false, quick ? 2 : 300);
  out["link"] = {1.0, kPeerLinkWidth, kPeerLinkWidth};
  out["frame_seconds"] = kPeerFrame;
  out["quick"] = quick;
  return out;
}

}  // namespace flexure::peers
