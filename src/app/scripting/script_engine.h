#pragma once
// Runs Python for the console and Scripts ▸ Run Script… (docs/python.md "The console"): the
// console's namespace (`scene`, `flexure`), the decision whether a typed block is complete, and
// running a block or a file with its output and traceback sent to `output`. Knows nothing about
// the window; ScriptSession adds undo, the panels and the interrupt.
#include <QString>
#include <functional>
#include <memory>

namespace flexure {
class Scene;
}
namespace flexure::python {
class SceneObserver;
}

namespace flexure::app {

enum class OutputStream { Stdout, Stderr };
enum class BlockStatus { Complete, Incomplete, Invalid };
enum class RunStatus { Ok, Error, Interrupted };

class ScriptEngine {
 public:
  using Output = std::function<void(OutputStream, const QString&)>;
  // Starts the interpreter if needed (PythonRuntime); throws std::runtime_error when it cannot.
  explicit ScriptEngine(Output output);
  ~ScriptEngine();
  ScriptEngine(const ScriptEngine&) = delete;
  ScriptEngine& operator=(const ScriptEngine&) = delete;

  // Binds `scene` in the namespace to the document's Scene (flexure::python::wrapScene); the
  // previous binding is detached, so a reference a script kept raises instead of reaching it.
  void bindScene(Scene& scene, std::shared_ptr<python::SceneObserver> observer);
  void unbindScene();

  // Complete (Enter runs it), Incomplete (Enter continues it) or Invalid (Enter runs it, to show
  // the syntax error); codeop decides, as Python's prompt does.
  BlockStatus status(const QString& source);
  // Runs a console block in the console's namespace, named "<console>" in tracebacks; the value
  // of a final expression is printed, as at Python's prompt.
  RunStatus runBlock(const QString& source);
  // Runs a file as __main__ (its own namespace with `scene` and `flexure`), named by its path in
  // tracebacks.
  RunStatus runFile(const QString& path);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace flexure::app
