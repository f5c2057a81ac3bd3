#include "io_benchmark.h"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/interleaved_timing.h"
#include "flexure/core/node_registry.h"
#include "flexure/io/scene_file.h"

namespace flexure {

namespace {

// `pairs` translate nodes, each over a sphere (or groups when those types are not registered),
// with every parameter set to an awkward double so the number printing and parsing is measured.
std::unique_ptr<Scene> makeLargeScene(int pairs) {
  auto scene = std::make_unique<Scene>();
  const NodeRegistry& registry = NodeRegistry::instance();
  for (int i = 0; i < pairs; ++i) {
    std::unique_ptr<Node> op = registry.create("translate");
    if (!op) op = registry.create("group");
    std::unique_ptr<Node> leaf = registry.create("sphere");
    if (!leaf) leaf = registry.create("group");
    op->setName("t" + std::to_string(i));
    leaf->setName("s" + std::to_string(i));
    op->addChild(std::move(leaf));
    scene->root().addChild(std::move(op));
  }
  scene->rebuildParameters();
  for (int i = 0; i < scene->parameters().size(); ++i) scene->parameters().setValue(i, 0.1 * i + 1.0 / 3.0);
  return scene;
}

template <class F>
double medianSeconds(int repeats, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

nlohmann::json runIoBenchmark(bool quick) {
  const int pairs = 5000;  // 10,000 nodes (issue 9, item 6)
  const int repeats = quick ? 1 : 5;
  const auto scene = makeLargeScene(pairs);
  std::string text;
  const double save = medianSeconds(repeats, [&] { text = sceneToString(*scene); });
  std::size_t loadedNodes = 0;
  const double load = medianSeconds(repeats, [&] { loadedNodes = readSceneString(text).scene->nodes().size() - 1; });
  const double baseline = medianSeconds(repeats, [&] { loadedNodes += nlohmann::json::parse(text).size() > 0 ? 0 : 1; });
  // The load and its baseline timed the same way (issue 29, "figures that hold still"): in turn,
  // several rounds, the minimum of each.
  const std::vector<double> minima = bench::interleavedMinimumSeconds(
      quick ? 2 : 7, {[&] { loadedNodes = readSceneString(text).scene->nodes().size() - 1; },
                      [&] { loadedNodes += nlohmann::json::parse(text).size() > 0 ? 0 : 1; }});
  nlohmann::json out;
  out["large_scene"] = {{"min_load_seconds", minima[0]},
                        {"min_baseline_nlohmann_parse_seconds", minima[1]},
                        {"min_load_over_baseline", minima[1] > 0 ? minima[0] / minima[1] : 0.0},
                        {"nodes", loadedNodes},
                        {"parameters", scene->parameters().size()},
                        {"bytes", text.size()},
                        {"save_seconds", save},
                        {"load_seconds", load},
                        {"baseline_nlohmann_parse_seconds", baseline},
                        {"load_over_baseline", baseline > 0 ? load / baseline : 0.0}};
  return out;
}

}  // namespace

void registerIoBenchmark() { BenchmarkRegistry::instance().add(BenchmarkSuite{"io", runIoBenchmark}); }

}  // namespace flexure
