#include "scripting/python_runtime.h"

// Qt's `slots` keyword macro would rename a field of Python's headers.
#pragma push_macro("slots")
#undef slots
#include <pybind11/embed.h>
#pragma pop_macro("slots")

#include <QFile>
#include <mutex>
#include <stdexcept>
#include <string>

#include "bindings.h"
#include "flexure/io/installed_resources.h"

// The bindings, registered in the interpreter's table of built-in modules before it starts; the
// package's __init__.py imports them from here (python/flexure/__init__.py).
PYBIND11_EMBEDDED_MODULE(_flexure_embedded, m) { flexure::python::defineModule(m); }

// The console's Python helper lives in a resource of the static library (Qt's rule: register it
// explicitly, outside any namespace).
static void initScriptingResources() { Q_INIT_RESOURCE(scripting); }

namespace flexure::app {
namespace py = pybind11;
namespace fs = std::filesystem;

namespace {
std::vector<fs::path>& extraPackageDirectories() {
  static std::vector<fs::path> directories;
  return directories;
}

bool holdsFlexurePackage(const fs::path& directory) {
  std::error_code ec;
  return fs::is_regular_file(directory / "flexure" / "__init__.py", ec);
}
}  // namespace

void PythonRuntime::addPackageDirectory(const fs::path& directory) { extraPackageDirectories().push_back(directory); }

std::vector<fs::path> PythonRuntime::packageDirectoriesBeside(const fs::path& executable) {
  const fs::path bin = executable.parent_path();
  // build/bin/flexure → build/python (python/CMakeLists.txt); PREFIX/bin → the directories
  // cmake --install uses (python/CMakeLists.txt: FLEXURE_PYTHON_INSTALL_DIR's defaults).
  const std::string versioned = "python" + std::to_string(PY_MAJOR_VERSION) + "." + std::to_string(PY_MINOR_VERSION);
  return {bin / ".." / "python", bin / ".." / "lib" / "python3" / "dist-packages",
          bin / ".." / "lib" / versioned / "dist-packages", bin / ".." / "lib" / versioned / "site-packages"};
}

PythonRuntime& PythonRuntime::instance() {
  // Never destroyed: the interpreter outlives every window (see the header).
  static PythonRuntime* runtime = new PythonRuntime();
  return *runtime;
}

PythonRuntime::PythonRuntime() {
  initScriptingResources();
  // No signal handlers: Ctrl+C in the terminal keeps its usual meaning for a Qt program, and the
  // console interrupts scripts itself (script_interrupt.h).
  py::initialize_interpreter(/*init_signal_handlers=*/false, 0, nullptr, /*add_program_dir_to_path=*/false);
  try {
    py::module_ sys = py::module_::import("sys");
    std::vector<fs::path> candidates = extraPackageDirectories();
    if (const auto self = runningExecutablePath())
      for (const fs::path& p : packageDirectoriesBeside(*self)) candidates.push_back(p);
    for (const fs::path& candidate : candidates) {
      if (!holdsFlexurePackage(candidate)) continue;
      std::error_code ec;
      packageDirectory_ = fs::weakly_canonical(candidate, ec);
      if (ec) packageDirectory_ = candidate;
      sys.attr("path").attr("insert")(0, packageDirectory_.string());
      break;
    }
    // sys.executable is this program; subprocesses a script starts (multiprocessing, Dask's
    // LocalCluster) must run Python, not another window.
    py::exec(R"(
import os as _os, sys as _sys
_python = _os.path.join(_sys.base_exec_prefix, "bin", "python%d.%d" % _sys.version_info[:2])
if _os.path.exists(_python):
    _sys.executable = _python
    _sys._base_executable = _python
del _os, _sys, _python
)");
    QFile support(QStringLiteral(":/scripting/console_support.py"));
    if (!support.open(QIODevice::ReadOnly)) throw std::runtime_error("the console's helper module is missing");
    const std::string source = support.readAll().toStdString();
    py::module_ types = py::module_::import("types");
    py::object module = types.attr("ModuleType")("_flexure_console");
    module.attr("__file__") = "<flexure console support>";
    py::exec(py::str(source), module.attr("__dict__"));
    sys.attr("modules")["_flexure_console"] = module;
  } catch (const py::error_already_set& e) {
    throw std::runtime_error(std::string("could not start Python: ") + e.what());
  }
  // The GUI thread takes the GIL for each script (gil_scoped_acquire) and lets go in between.
  PyEval_SaveThread();
}

}  // namespace flexure::app
