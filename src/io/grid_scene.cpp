#include "flexure/io/grid_scene.h"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/solver_registry.h"
#include "flexure/io/scene_file.h"

namespace flexure {

std::string gridSceneText(const GridSceneSize& size) {
  std::ostringstream out;
  out << R"({"format": "flexure-scene", "version": 1,
"description": "Scale test: )"
      << size.rows << " x " << size.columns << R"( spheres under translates, one group per row",
"camera": {"projection": "perspective", "eye": [25, -60, 60], "target": [25, 50, 0], "up": [0, 0, 1],
           "fov_y_degrees": 40, "ortho_height": 10, "near": 0.05, "far": 1000},
"nodes": [)";
  for (int r = 0; r < size.rows; ++r) {
    out << (r ? ",\n" : "\n") << R"({"name": "row-)" << r << R"(", "type": "group", "children": [)";
    for (int c = 0; c < size.columns; ++c) {
      out << (c ? "," : "") << R"({"name": "at-)" << r << '-' << c << R"(", "type": "translate", "params": {"x": )" << c
          << R"(, "y": )" << r << R"(, "z": 0}, "children": [{"name": "ball-)" << r << '-' << c
          << (size.meshSource.empty() ? R"(", "type": "sphere", "params": {"radius": 0.3}}]})"
                                     : R"(", "type": "mesh", "source": ")" + size.meshSource + R"("}]})");
    }
    out << "]}";
  }
  out << "],\n\"constraints\": [";
  for (int r = 0; r < size.rows; ++r) {
    out << (r ? ",\n" : "\n") << R"({"kind": "attach-point", "name": "lift-)" << r << R"(", "node": "ball-)" << r
        << R"(-0", "node_at": "local", "node_local": [0, 0, 0], "target": [0, )" << r << R"(, 0.5]})";
  }
  out << "]}\n";
  return out.str();
}

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Every registered solver that applies, run to convergence; their reports, trimmed.
nlohmann::json solveAll(Scene& scene) {
  nlohmann::json reports = nlohmann::json::object();
  for (const auto& solver : SolverRegistry::instance().solvers()) {
    if (!solver->appliesTo(scene)) continue;
    const nlohmann::json full = solver->solve(scene, {}).toJson();
    nlohmann::json brief;
    for (const char* key : {"converged", "iterations", "evaluations", "free_parameters", "energy", "stop_reason"})
      if (full.contains(key)) brief[key] = full[key];
    reports[std::string(solver->family())] = brief;
  }
  return reports;
}

// Best of `repeats` wall-clock times of f().
template <class F>
double bestSeconds(int repeats, F&& f) {
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    f();
    best = std::min(best, secondsSince(start));
  }
  return best;
}

// Load, save and solve of the 10,100-node grid. Baselines in the same run: for load and save,
// parsing and printing the same text with nlohmann::json (a plain JSON library, no scene
// built); for solve, 100 times the solve of a one-row grid (what linear scaling would give).
nlohmann::json runScaleBenchmark(bool quick) {
  const GridSceneSize size;
  const std::string text = gridSceneText(size);
  const int repeats = quick ? 1 : 3;
  std::size_t bytes = 0;
  const double load = bestSeconds(repeats, [&] { loadSceneFromString(text, "grid"); });
  std::unique_ptr<Scene> scene = loadSceneFromString(text, "grid");
  const double save = bestSeconds(repeats, [&] { bytes = sceneToString(*scene).size(); });
  nlohmann::json parsed;
  const double plainParse = bestSeconds(repeats, [&] { parsed = nlohmann::json::parse(text); });
  const double plainDump = bestSeconds(repeats, [&] { (void)parsed.dump(2); });
  nlohmann::json report;
  const double solve = bestSeconds(repeats, [&] {  // a fresh clone each time (included)
    std::unique_ptr<Scene> fresh = scene->clone();
    report = solveAll(*fresh);
  });
  const std::string oneRowText = gridSceneText({1, size.columns, {}});
  const double oneRow = bestSeconds(repeats, [&] {
    std::unique_ptr<Scene> row = loadSceneFromString(oneRowText, "row");
    solveAll(*row);
  });
  return {{"nodes", size.nodeCount()},
          {"parameters", 4 * size.rows * size.columns},
          {"constraints", size.rows},
          {"file_bytes", bytes},
          {"load_seconds", load},
          {"save_to_text_seconds", save},
          {"solve_seconds", solve},
          {"solve", report},
          {"baseline",
           {{"nlohmann_parse_seconds", plainParse},
            {"nlohmann_dump_seconds", plainDump},
            {"one_row_solve_seconds_times_rows", oneRow * size.rows},
            {"what", "load/save vs a plain JSON parse/print of the same text; solve vs 100 x the solve of "
                     "one row (load of the row included), i.e. linear scaling"}}}};
}

}  // namespace

void registerScaleBenchmark() { BenchmarkRegistry::instance().add({"scale", runScaleBenchmark}); }

}  // namespace flexure
