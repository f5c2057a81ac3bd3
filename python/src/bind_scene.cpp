// flexure.Scene: files, JSON, solving, output. Params, the tree, drags and the timeline have
// their own files.
#include <chrono>
#include <cmath>

#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/core/solve_summary.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/field_json.h"
#include "flexure/io/obj.h"
#include "flexure/io/scene_file.h"
#include "flexure/render/offscreen_render.h"
#include "json_bridge.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

SolveOptions solveOptionsOf(const std::string& method, const py::object& maxIterations, const py::object& tolerance) {
  // The same rules as flexure-cli's --method, --max-iterations and --tolerance.
  SolveOptions o;
  if (method != "default" && method != "paper")
    throw py::value_error("method must be \"default\" or \"paper\", not \"" + method + "\"");
  o.method = method;
  if (!maxIterations.is_none()) {
    o.maxIterations = maxIterations.cast<int>();
    if (o.maxIterations <= 0) throw py::value_error("max_iterations must be positive");
  }
  if (!tolerance.is_none()) {
    o.tolerance = tolerance.cast<double>();
    if (!(o.tolerance > 0) || !std::isfinite(o.tolerance)) throw py::value_error("tolerance must be positive");
  }
  return o;
}

SceneClass defineSceneClass(py::module_& m) {
  SceneClass scene(m, "Scene",
                                           "A Flexure scene: the node tree, Ψ (params), constraints, settings and camera.\n"
                                           "Create one with flexure.load(path), Scene.from_json(text) or Scene() (empty).");
  scene.def(py::init([] { return std::make_shared<SceneHandle>(std::make_unique<Scene>()); }), "An empty scene.");
  scene.def_static(
      "from_json",
      [](const std::string& text, const std::string& sourceName, const std::string& baseDirectory) {
        LoadResult result = readSceneString(text, sourceName, baseDirectory);
        warnAboutLoad(result.warnings);
        return newScene(std::move(result.scene));
      },
      py::arg("text"), py::arg("source_name") = "<string>", py::arg("base_directory") = "",
      "Reads scene-file JSON text. `source_name` is used in error messages, `base_directory` to\n"
      "resolve relative mesh sources. Raises LoadError like flexure.load.");
  scene.def(
      "to_json", [](SceneHandle& h) { return sceneToString(h.scene()); },
      "The scene as scene-file JSON text, exactly what save() writes.");
  scene.def(
      "save", [](SceneHandle& h, const std::string& path) { saveScene(h.scene(), path); }, py::arg("path"),
      "Writes the scene file atomically (temporary file, fsync, rename), with the writer\n"
      "flexure-cli uses: a file the CLI saved and one saved here are byte-identical. On failure\n"
      "the previous file is intact and OSError/RuntimeError is raised.");
  scene.def(
      "copy", [](SceneHandle& h) { return newScene(h.scene().clone()); },
      "A deep copy (tree, Ψ, flags, constraints, settings, camera).");
  scene.def_property(
      "description", [](SceneHandle& h) { return h.scene().description; },
      [](SceneHandle& h, const std::string& text) {
        SceneHandle::Edit edit(h, EditKind::Structure);
        h.scene().description = text;
      },
      "The scene's free-text description.");

  scene.def(
      "solve",
      [](const HandlePtr& h, const std::string& method, const py::object& maxIterations, const py::object& tolerance) {
        const SolveOptions options = solveOptionsOf(method, maxIterations, tolerance);
        Scene& s = h->scene();
        std::vector<SolveReport> reports;
        {
          SceneHandle::Edit edit(*h, EditKind::Values);
          SceneHandle::Busy busy(*h);
          py::gil_scoped_release release;
          reports = solveScene(s, options);
        }
        return toPython(summarizeReports(reports));
      },
      py::arg("method") = "default", py::arg("max_iterations") = py::none(), py::arg("tolerance") = py::none(),
      "Runs every family solver that applies (energy, rigid, curves, ...) from the current state,\n"
      "exactly as `flexure-cli solve` does, and returns its JSON report as a dict: converged,\n"
      "stop_reason, energy, max_violation, iterations, evaluations, seconds, rolled_back,\n"
      "residuals, warnings (and 'families' when several apply). method: 'default' or 'paper'.\n"
      "The GIL is released while solving: threads solving different scenes run in parallel.");

  scene.def(
      "_cpp_solve_seconds",
      [](const HandlePtr& h) {
        // The benchmark's baseline (tools/bench-python.py): the C++ path of solve() alone, timed
        // in C++ — what `flexure-cli solve` runs, without crossing into Python.
        Scene& s = h->scene();
        SceneHandle::Edit edit(*h, EditKind::Values);
        SceneHandle::Busy busy(*h);
        py::gil_scoped_release release;
        const auto t0 = std::chrono::steady_clock::now();
        const nlohmann::json summary = summarizeReports(solveScene(s, SolveOptions{}));
        const std::string text = summary.dump();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() + 0.0 * static_cast<double>(text.size());
      },
      "Benchmark baseline: runs solve()'s C++ path (solveScene, summarizeReports, the report's text)\n"
      "without returning to Python and returns its wall-clock seconds measured in C++.");
  scene.def(
      "export_obj",
      [](SceneHandle& h, const std::string& path, int resolution) {
        if (resolution < 1 || resolution > 4096) throw py::value_error("resolution must be between 1 and 4096");
        TessellationOptions options;
        options.resolution = resolution;
        const Scene& s = h.scene();
        py::gil_scoped_release release;
        writeObjFile(tessellateScene(s, options), path);
      },
      py::arg("path"), py::arg("resolution") = 32,
      "Tessellates the scene with its current Ψ and writes Wavefront OBJ atomically, as\n"
      "`flexure-cli export-obj` does (one object per primitive path).");
  scene.def(
      "render_png",
      [](SceneHandle& h, const std::string& path, std::pair<int, int> size) {
        const auto [width, height] = size;
        if (width < 1 || height < 1 || width > 16384 || height > 16384)
          throw py::value_error("size must be (width, height), each 1..16384");
        const Scene& s = h.scene();
        std::string error;
        bool ok = false;
        {
          py::gil_scoped_release release;
          ok = renderSceneToPng(s, width, height, path, error);
        }
        if (!ok) throw std::runtime_error("render_png: " + error);
      },
      py::arg("path"), py::arg("size") = std::pair<int, int>(800, 600),
      "Renders the scene from its camera into a PNG with the headless OpenGL renderer of\n"
      "`flexure-cli render` (EGL, no display needed). Raises RuntimeError when no OpenGL context\n"
      "can be made.");
  scene.def(
      "settings",
      [](SceneHandle& h, const std::string& kind) -> py::object {
        SettingsBlock* block = h.scene().settings.find(kind);
        if (!block) return py::none();
        return jsonTextToPython(writeFieldsJson([&](FieldVisitor& v) { block->visitFields(v); }));
      },
      py::arg("kind"), "A settings block ('timeline', 'rigid', 'energy', ...) as a dict, or None when absent.");
  scene.def(
      "set_settings",
      [](SceneHandle& h, const std::string& kind, const py::kwargs& fields) {
        Scene& s = h.scene();
        std::unique_ptr<SettingsBlock> block;
        if (SettingsBlock* existing = s.settings.find(kind)) block = existing->clone();
        else block = SettingsRegistry::instance().create(kind);
        if (!block) throw py::value_error("no settings block \"" + kind + "\" in this build");
        readFieldsJson(pythonToJsonText(fields), "settings." + kind, [&](FieldVisitor& v) { block->visitFields(v); });
        SceneHandle::Edit edit(h, EditKind::Structure);
        s.settings.set(std::move(block));
      },
      py::arg("kind"),
      "Sets fields of a settings block (created with defaults if absent) through the scene file's\n"
      "field reader: set_settings('rigid', gravity=[0, 0, -9.81]). Raises LoadError for a bad value.");
  scene.def(
      "__repr__", [](SceneHandle& h) {
        const Scene& s = h.scene();
        return "<flexure.Scene: " + std::to_string(s.nodes().size() - 1) + " nodes, " + std::to_string(s.parameters().size()) +
               " parameters, " + std::to_string(s.constraints.size()) + " constraints>";
      });
  return scene;
}

}  // namespace flexure::python
