#include "scripting/script_engine.h"

// Qt's `slots` keyword macro would rename a field of Python's headers.
#pragma push_macro("slots")
#undef slots
#include <pybind11/embed.h>
#pragma pop_macro("slots")

#include <stdexcept>

#include "bindings.h"
#include "scripting/python_runtime.h"

namespace flexure::app {
namespace py = pybind11;

struct ScriptEngine::Impl {
  Output output;
  py::object namespace_;  // the console's globals (a dict)
  py::object support;     // _flexure_console (console_support.py)
  py::object emitter;     // emit(stream, text) → output
  py::object scene;       // the bound flexure.Scene, or None

  RunStatus statusOf(const py::object& result) const {
    const std::string s = result.cast<std::string>();
    if (s == "ok") return RunStatus::Ok;
    if (s == "interrupted") return RunStatus::Interrupted;
    return RunStatus::Error;
  }
  // The streams the helper redirected, put back even if an interrupt landed in its own epilogue.
  static void restoreStreams() {
    py::module_ sys = py::module_::import("sys");
    for (const char* name : {"stdout", "stderr", "stdin"}) sys.attr(name) = sys.attr(("__" + std::string(name) + "__").c_str());
    sys.attr("displayhook") = sys.attr("__displayhook__");
  }
  // An error of the helper itself (not of the user's code): shown, never thrown into Qt.
  RunStatus report(const py::error_already_set& e) {
    output(OutputStream::Stderr, QString::fromStdString(std::string(e.what()) + "\n"));
    return e.matches(PyExc_KeyboardInterrupt) ? RunStatus::Interrupted : RunStatus::Error;
  }
  // The helper's run_block(source, …) or run_file(path, …) in the console's namespace.
  RunStatus run(const char* function, const std::string& argument) {
    py::gil_scoped_acquire gil;
    RunStatus status;
    try {
      status = statusOf(support.attr(function)(argument, namespace_, emitter));
    } catch (const py::error_already_set& e) {
      status = report(e);
    }
    restoreStreams();
    return status;
  }
};

ScriptEngine::ScriptEngine(Output output) : impl_(std::make_unique<Impl>()) {
  impl_->output = std::move(output);
  PythonRuntime::instance();
  py::gil_scoped_acquire gil;
  try {
    impl_->support = py::module_::import("_flexure_console");
    py::dict globals;
    globals["__name__"] = "__console__";
    globals["__builtins__"] = py::module_::import("builtins");
    try {
      globals["flexure"] = py::module_::import("flexure");
    } catch (const py::error_already_set& e) {
      // Without the package directory the bindings are still there; say what is missing.
      impl_->output(OutputStream::Stderr,
                    QString::fromStdString("import flexure failed (" + std::string(e.what()) +
                                           "); `scene` works, the package's Python part is missing\n"));
    }
    globals["scene"] = py::none();
    impl_->namespace_ = globals;
    Impl* impl = impl_.get();
    impl_->emitter = py::cpp_function([impl](const std::string& stream, const std::string& text) {
      impl->output(stream == "stderr" ? OutputStream::Stderr : OutputStream::Stdout, QString::fromStdString(text));
    });
    impl_->scene = py::none();
  } catch (const py::error_already_set& e) {
    throw std::runtime_error(std::string("the Python console could not start: ") + e.what());
  }
}

ScriptEngine::~ScriptEngine() {
  py::gil_scoped_acquire gil;
  if (!impl_->scene.is_none()) python::detachScene(impl_->scene);
  impl_->namespace_.attr("clear")();
  impl_->namespace_ = py::object();
  impl_->support = py::object();
  impl_->emitter = py::object();
  impl_->scene = py::object();
}

void ScriptEngine::bindScene(Scene& scene, std::shared_ptr<python::SceneObserver> observer) {
  py::gil_scoped_acquire gil;
  if (!impl_->scene.is_none()) python::detachScene(impl_->scene);
  impl_->scene = python::wrapScene(scene, std::move(observer));
  impl_->namespace_["scene"] = impl_->scene;
}

void ScriptEngine::unbindScene() {
  py::gil_scoped_acquire gil;
  if (!impl_->scene.is_none()) python::detachScene(impl_->scene);
  impl_->scene = py::none();
  impl_->namespace_["scene"] = py::none();
}

BlockStatus ScriptEngine::status(const QString& source) {
  py::gil_scoped_acquire gil;
  try {
    const std::string s = impl_->support.attr("block_status")(source.toStdString()).cast<std::string>();
    if (s == "incomplete") return BlockStatus::Incomplete;
    if (s == "invalid") return BlockStatus::Invalid;
    return BlockStatus::Complete;
  } catch (const py::error_already_set&) {
    return BlockStatus::Invalid;
  }
}

RunStatus ScriptEngine::runBlock(const QString& source) { return impl_->run("run_block", source.toStdString()); }

RunStatus ScriptEngine::runFile(const QString& path) { return impl_->run("run_file", path.toStdString()); }

}  // namespace flexure::app
