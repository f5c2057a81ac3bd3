#include "flexure/energy/energy_benchmarks.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <memory>
#include <random>
#include <vector>

#include "flexure/core/interleaved_timing.h"
#include "flexure/core/scaling_benchmark.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/cam_rocker_scene.h"
#include "flexure/energy/scenes/oldham_scene.h"
#include "flexure/energy/scenes/pipefitting_scene.h"

namespace flexure {

namespace {

// CPU time of this thread: on a machine shared with other jobs, wall-clock time also counts the
// time the scheduler gave to others; both are reported.
double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Both methods stop at the same target, E < 1e-10.
EnergySettings benchSettings(const std::string& method) {
  EnergySettings s;
  s.method = method;
  s.energyTolerance = 1e-10;
  return s;
}

struct Run {
  SolveReport report;
  double wallSeconds = 0.0;
  double cpu = 0.0;
};

// "plain-lm": the default method with its basin safeguards off (no step bound, no cone test,
// no flow fallback), i.e. an ordinary Levenberg-Marquardt, for comparison.
Run solvePipefitting(const PipefittingStart& start, const std::string& method) {
  auto scene = buildPipefittingScene(start);
  EnergySettings settings = benchSettings(method == "plain-lm" ? "default" : method);
  if (method == "plain-lm") {
    settings.flowFallback = false;
    settings.minDescentCosine = -2.0;
    settings.trustRadius = settings.maxTrustRadius = 1e9;
  }
  EnergySolver solver(*scene, settings);
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpuSeconds();
  solver.init();
  solver.run();
  Run r;
  r.cpu = cpuSeconds() - c0;
  r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.report = solver.report();
  return r;
}

nlohmann::json methodFigures(const PipefittingStart& start, const std::string& method, int repeats) {
  std::vector<double> seconds, wall;
  Run last;
  for (int k = 0; k < repeats; ++k) {
    last = solvePipefitting(start, method);
    seconds.push_back(last.cpu);
    wall.push_back(last.wallSeconds);
  }
  return {{"evaluations", last.report.evaluations},
          {"seconds", median(seconds)},
          {"wall_seconds", median(wall)},
          {"runs", repeats},
          {"energy", last.report.energy},
          {"iterations", last.report.iterations},
          {"converged", last.report.energy < 1e-10},
          {"stop_reason", last.report.stopReason}};
}

nlohmann::json perturbations(int count, double scale) {
  std::mt19937 rng(2026);
  int paperConverged = 0, defaultConverged = 0, defaultWherePaper = 0, plainConverged = 0;
  double evalRatioMin = 1e300, timeRatioMin = 1e300;
  nlohmann::json starts = nlohmann::json::array();
  for (int i = 0; i < count; ++i) {
    const PipefittingStart s = perturbedPipefittingStart(rng, scale);
    const Run d = solvePipefitting(s, "default");
    const Run p = solvePipefitting(s, "paper");
    const Run plain = solvePipefitting(s, "plain-lm");
    plainConverged += plain.report.energy < 1e-10;
    const bool dOk = d.report.energy < 1e-10, pOk = p.report.energy < 1e-10;
    defaultConverged += dOk;
    paperConverged += pOk;
    defaultWherePaper += (dOk && pOk);
    if (dOk && pOk) {
      evalRatioMin = std::min(evalRatioMin, double(p.report.evaluations) / double(d.report.evaluations));
      timeRatioMin = std::min(timeRatioMin, p.cpu / d.cpu);
    }
    starts.push_back({{"default_energy", d.report.energy}, {"default_evaluations", d.report.evaluations},
                      {"paper_energy", p.report.energy}, {"paper_evaluations", p.report.evaluations},
                      {"plain_lm_energy", plain.report.energy},
                      {"evaluation_ratio", double(p.report.evaluations) / double(std::max(1LL, d.report.evaluations))},
                      {"time_ratio", p.cpu / std::max(1e-12, d.cpu)}});
  }
  return {{"count", count},
          {"scale", scale},
          {"default_converged", defaultConverged},
          {"paper_converged", paperConverged},
          {"default_converged_where_paper_converged", defaultWherePaper},
          {"plain_lm_converged", plainConverged},
          {"min_evaluation_ratio", evalRatioMin},
          {"min_time_ratio", timeRatioMin},
          {"starts", starts}};
}

nlohmann::json chain(int n, int steps) {
  auto scene = buildPipeChainScene(n, 0.05);
  EnergySettings s = benchSettings("default");
  s.maxIterations = steps;
  EnergySolver solver(*scene, s);
  const double i0 = cpuSeconds();
  solver.init();
  const double initSeconds = cpuSeconds() - i0;
  std::vector<double> perStep, wallPerStep;
  while (true) {
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpuSeconds();
    const bool more = solver.step();
    perStep.push_back(cpuSeconds() - c0);
    wallPerStep.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    if (!more) break;
  }
  const SolveReport r = solver.report();
  double total = 0.0, wallTotal = 0.0;
  for (double t : perStep) total += t;
  for (double t : wallPerStep) wallTotal += t;
  return {{"seconds_per_step", total / double(perStep.size())},
          {"median_seconds_per_step", median(perStep)},
          {"wall_seconds_per_step", wallTotal / double(wallPerStep.size())},
          {"steps", perStep.size()},
          {"free_parameters", solver.problem().freeCount()},
          {"energy", r.energy},
          {"stop_reason", r.stopReason},
          {"init_seconds", initSeconds}};
}

// A drag along a seeded random walk of `steps` moves of 0.05 and back (issue 17 item 2): CPU
// seconds per move (what keeps dragging interactive) and the return error (largest parameter
// change after coming back; 0 when the drag's result depends only on its target).
nlohmann::json dragWalk(Scene& scene, const std::string& node, const SurfacePoint& point, int steps) {
  EnergySolver(scene, EnergySettings{}).run();
  const Eigen::VectorXd start = scene.parameters().values();
  DragSession drag(scene);
  const DragStatus s = drag.start(node, point);
  if (s.pinned) return {{"pinned", s.reason}};
  std::mt19937 rng(7);
  std::normal_distribution<double> gauss;
  std::vector<Vec3d> targets{s.point};
  for (int k = 0; k < steps; ++k) {
    Vec3d d{gauss(rng), gauss(rng), gauss(rng)};
    targets.push_back(targets.back() + d * (0.05 / norm(d)));
  }
  std::vector<double> perMove, wallPerMove;
  int iterations = 0;
  auto move = [&](const Vec3d& target) {
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpuSeconds();
    iterations += drag.moveTo(target).iterations;
    perMove.push_back(cpuSeconds() - c0);
    wallPerMove.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  };
  for (std::size_t k = 1; k < targets.size(); ++k) move(targets[k]);
  for (std::size_t k = targets.size() - 1; k-- > 0;) move(targets[k]);
  drag.end();
  double total = 0.0, worst = 0.0;
  for (double t : perMove) total += t, worst = std::max(worst, t);
  return {{"moves", perMove.size()},
          {"seconds_per_move", total / double(perMove.size())},
          {"median_seconds_per_move", median(perMove)},
          {"max_seconds_per_move", worst},
          {"median_wall_seconds_per_move", median(wallPerMove)},
          {"iterations_per_move", double(iterations) / double(perMove.size())},
          {"return_error", (scene.parameters().values() - start).lpNorm<Eigen::Infinity>()}};
}

// The window's drag benchmark on the cam (issue 17 item 3): the hand moves on a circle of 0.36
// (the window's 40 pixels at the scene's camera) at 120 moves per turn, here in the plane
// normal to the camshaft so that the cam turns and the rocker rides on it. CPU seconds per move
// (the window needs each within a frame), Gauss-Newton iterations per move, and the follower's
// smallest gap to the cam (never below −1e-3: no penetration).
nlohmann::json camDrag(int moves) {
  auto scene = buildCamRockerScene();
  EnergySolver(*scene, EnergySettings{}).run();
  DragSession drag(*scene);
  const DragStatus s = drag.start("cam", {0, 0.3, 0.5});
  if (s.pinned) return {{"pinned", s.reason}};
  constexpr double kRadius = 0.36;
  constexpr int kMovesPerTurn = 120;
  std::vector<double> perMove, wallPerMove;
  int iterations = 0, worstIterations = 0;
  double lowestGap = 1e300;
  for (int k = 1; k <= moves; ++k) {
    const double angle = 2.0 * 3.141592653589793 * k / kMovesPerTurn;
    const Vec3d target = s.point + Vec3d(std::cos(angle) - 1.0, 0.0, std::sin(angle)) * kRadius;
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpuSeconds();
    const DragStatus m = drag.moveTo(target);
    perMove.push_back(cpuSeconds() - c0);
    wallPerMove.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    iterations += m.iterations;
    worstIterations = std::max(worstIterations, m.iterations);
    lowestGap = std::min(lowestGap, norm(followerCentre(*scene) - camCentre(*scene)) - kCamRadius - kFollowerRadius);
  }
  drag.end();
  double total = 0.0, worst = 0.0;
  for (double t : perMove) total += t, worst = std::max(worst, t);
  return {{"moves", perMove.size()},
          {"seconds_per_move", total / double(perMove.size())},
          {"median_seconds_per_move", median(perMove)},
          {"max_seconds_per_move", worst},
          {"median_wall_seconds_per_move", median(wallPerMove)},
          {"iterations_per_move", double(iterations) / double(perMove.size())},
          {"max_iterations_per_move", worstIterations},
          {"lowest_follower_gap", lowestGap}};
}

// Median CPU seconds of the first steps of the default method on a chain of n pipes (the
// solver's analysis of the pattern, in init(), is not a step and is not counted).
double chainStepSeconds(int n, bool quick, int& actual) {
  auto scene = buildPipeChainScene(n, 0.05);
  EnergySettings s = benchSettings("default");
  EnergySolver solver(*scene, s);
  solver.init();
  actual = n;
  std::vector<double> perStep;
  const int steps = quick ? 3 : 7;
  for (int k = 0; k < steps; ++k) {
    const double c0 = cpuSeconds();
    const bool more = solver.step();
    perStep.push_back(cpuSeconds() - c0);
    if (!more) break;
  }
  return median(perStep);
}

}  // namespace

void registerEnergyScalingProbe() {
  addScalingProbe({"energy_pipe_chain", "pipes", "thread_cpu",
                   "one step of the default method (Jacobian, sparse normal equations, trust region), "
                   "median of the first 7 steps (3 with --quick); 13 free parameters per pipe",
                   {10, 100, 1000, 10000}, {10, 100, 1000}, chainStepSeconds});
}

nlohmann::json runEnergyBenchmarks(bool quick) {
  nlohmann::json pipe;
  pipe["default"] = methodFigures({}, "default", quick ? 3 : 9);
  pipe["paper"] = methodFigures({}, "paper", quick ? 1 : 3);
  pipe["evaluation_ratio"] = pipe["paper"]["evaluations"].get<double>() / pipe["default"]["evaluations"].get<double>();
  pipe["time_ratio"] = pipe["paper"]["seconds"].get<double>() / pipe["default"]["seconds"].get<double>();
  // Figures that hold still (issue 29): the default solve and its baseline, the paper's method,
  // timed in turn over the same rounds and taken at their minima (wall seconds), so that a slow
  // moment of the machine falls on both and leaves both. Added beside the medians above.
  // Only init() and run() are timed, as in methodFigures; the scene and solver are made before.
  std::unique_ptr<Scene> scene;
  std::unique_ptr<EnergySolver> solver;
  const auto solve = [&] {
    solver->init();
    solver->run();
  };
  const std::vector<double> minima = bench::interleavedMinimumSeconds(quick ? 2 : 5, {solve, solve}, [&](std::size_t run) {
    solver.reset();
    scene = buildPipefittingScene();
    solver = std::make_unique<EnergySolver>(*scene, benchSettings(run == 0 ? "default" : "paper"));
  });
  pipe["min_default_wall_seconds"] = minima[0];
  pipe["min_paper_wall_seconds"] = minima[1];
  pipe["min_time_ratio"] = minima[1] / std::max(1e-12, minima[0]);
  pipe["perturbations"] = perturbations(quick ? 3 : 12, 0.3);
  if (!quick) pipe["perturbations_large"] = perturbations(10, 1.0);
  nlohmann::json out;
  out["pipefitting"] = pipe;
  out["chain100"] = chain(100, quick ? 10 : 200);
  // Issue 29: the sparse normal equations' goal is < 10 ms per step here (13,000 free).
  out["chain1000"] = chain(1000, quick ? 3 : 200);
  auto pipefitting = buildPipefittingScene();
  auto oldham = buildOldhamScene();
  out["drag"] = {{"pipefitting", dragWalk(*pipefitting, "pipe", {0, 0.5, 0.5}, 20)},
                 {"oldham_disc", dragWalk(*oldham, "disc", {0, 0.3, 0.5}, 20)},
                 {"cam", camDrag(quick ? 6 : 30)}};
  return out;
}

}  // namespace flexure
