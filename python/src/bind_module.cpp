// Module-level functions and the exceptions: load, import_file, bench, the registries.
#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/core/benchmark_registry.h"
#include "flexure/core/constraint.h"
#include "flexure/core/field_visitor.h"
#include "flexure/core/importer_registry.h"
#include "flexure/core/load_error.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene.h"
#include "flexure/io/grid_scene.h"
#include "flexure/io/open_scene.h"
#include "flexure/modules.h"
#include "json_bridge.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

// Leaked on purpose (see json_bridge.cpp): the exception types live as long as the interpreter.
py::object* loadErrorType = nullptr;
py::object* fieldErrorType = nullptr;
py::object* loadWarningType = nullptr;

void defineExceptions(py::module_& m) {
  auto& loadError = *new py::exception<LoadError>(m, "LoadError", PyExc_ValueError);
  loadError.doc() =
      "A file (or JSON text) could not be loaded. str(error) is what flexure-cli prints:\n"
      "'FILE:LINE:COL: json.path: message'. Attributes: file, line, column (1-based, 0 when\n"
      "unknown), path (the JSON path, empty when not JSON) and message (without the location).";
  loadErrorType = new py::object(loadError);
  auto& fieldError = *new py::exception<FieldError>(m, "FieldError", PyExc_ValueError);
  fieldError.doc() = "A field value was refused by the node, constraint or settings block it belongs to.";
  fieldErrorType = &fieldError;
  loadWarningType = new py::object(py::reinterpret_steal<py::object>(
      PyErr_NewExceptionWithDoc("flexure.LoadWarning",
                                "Something in a loaded file was understood but ignored (an unknown key, a value\n"
                                "outside its bounds); the text is what flexure-cli prints as a warning.",
                                PyExc_UserWarning, nullptr)));
  m.attr("LoadWarning") = *loadWarningType;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const LoadError& e) {
      py::object error = (*loadErrorType)(e.what());
      error.attr("file") = e.where().file;
      error.attr("line") = e.where().line;
      error.attr("column") = e.where().column;
      error.attr("path") = e.jsonPath();
      error.attr("message") = e.message();
      PyErr_SetObject(loadErrorType->ptr(), error.ptr());
    } catch (const FieldError& e) {
      PyErr_SetString(fieldErrorType->ptr(), e.what());
    }
  });
}

}  // namespace

void warnAboutLoad(const std::vector<LoadWarning>& warnings) {
  for (const LoadWarning& w : warnings)
    if (PyErr_WarnEx(loadWarningType->ptr(), LoadError::format(w.where, w.jsonPath, "warning: " + w.message).c_str(), 2) < 0)
      throw py::error_already_set();
}

py::object newScene(std::unique_ptr<Scene> scene) {
  return py::cast(std::make_shared<SceneHandle>(std::move(scene)));
}

void defineModule(py::module_& m) {
  registerAllModules();
  m.doc() =
      "Flexure's Python API: load, edit, solve, drag, animate, export and render scenes with\n"
      "every technique (energy constraints, rigid solids, MES curves, metaball deformation).\n"
      "See docs/python.md.";
  defineExceptions(m);
  SceneClass scene = defineSceneClass(m);
  defineParams(m, scene);
  defineTree(m, scene);
  defineDrag(m, scene);
  defineTimeline(m, scene);
  defineAssembly(m, scene);
  defineDirectEditing(m, scene);

  m.def(
      "load",
      [](const std::string& path) {
        LoadResult result = openSceneFile(path);
        warnAboutLoad(result.warnings);
        return newScene(std::move(result.scene));
      },
      py::arg("path"),
      "Opens a file as `flexure-cli` does: a scene file (.json), or any format with a registered\n"
      "importer (.obj, description files .dcl/...). Raises LoadError (file, line, column, path,\n"
      "message; str() is the CLI's message); warnings go through Python's warnings module as\n"
      "flexure.LoadWarning.");
  m.def(
      "import_file",
      [](const std::string& path) {
        const SceneImporter* importer = ImporterRegistry::instance().forPath(path);
        if (!importer) {
          std::string known;
          for (const SceneImporter& i : ImporterRegistry::instance().importers()) known += (known.empty() ? "" : ", ") + i.extension;
          throw py::value_error("no importer for \"" + path + "\" (registered extensions: " + known + ")");
        }
        auto scene = std::make_unique<Scene>();
        importer->import(path, *scene);
        return newScene(std::move(scene));
      },
      py::arg("path"),
      "Imports a file with the importer registered for its extension (see importers()) into a new\n"
      "Scene. Raises LoadError at the offending line and column, ValueError for an unknown extension.");
  m.def(
      "importers",
      [] {
        py::dict out;
        for (const SceneImporter& i : ImporterRegistry::instance().importers()) out[py::str(i.extension)] = i.description;
        return out;
      },
      "The registered importers: {extension: description}, e.g. {'.obj': 'Wavefront OBJ mesh', ...}.");
  m.def("node_types", [] { return NodeRegistry::instance().types(); }, "Every node type add_node accepts.");
  m.def("constraint_kinds", [] { return ConstraintRegistry::instance().kinds(); }, "Every constraint kind add_constraint accepts.");
  m.def(
      "grid_scene",
      [](int rows, int columns) {
        if (rows < 1 || columns < 1) throw py::value_error("rows and columns must be positive");
        GridSceneSize size;
        size.rows = rows;
        size.columns = columns;
        return newScene(readSceneString(gridSceneText(size), "<grid scene>").scene);
      },
      py::arg("rows") = 100, py::arg("columns") = 50,
      "A large test scene (the 'scale' benchmark's): rows x columns small spheres each under a\n"
      "translate, each row under a group; 100 x 50 gives 10,100 nodes and 20,000 parameters.");
  m.def(
      "benchmarks",
      [] {
        std::vector<std::string> names;
        for (const BenchmarkSuite& s : BenchmarkRegistry::instance().suites()) names.push_back(s.name);
        return names;
      },
      "The names of the registered benchmark suites (those of `flexure-cli bench`).");
  m.def(
      "bench",
      [](const std::string& name, bool quick) {
        for (const BenchmarkSuite& s : BenchmarkRegistry::instance().suites()) {
          if (s.name != name) continue;
          nlohmann::json result;
          {
            py::gil_scoped_release release;
            result = s.run(quick);
          }
          return toPython(result);
        }
        throw py::value_error("unknown benchmark \"" + name + "\" (see flexure.benchmarks())");
      },
      py::arg("name"), py::arg("quick") = false,
      "Runs one benchmark suite and returns its figures as a dict: what `flexure-cli bench NAME\n"
      "[--quick]` prints under the key NAME.");
}

py::object wrapScene(Scene& scene, std::shared_ptr<SceneObserver> observer) {
  return py::cast(std::make_shared<SceneHandle>(scene, std::move(observer)));
}

void detachScene(const py::object& wrapped) { wrapped.cast<HandlePtr>()->detach(); }

}  // namespace flexure::python
