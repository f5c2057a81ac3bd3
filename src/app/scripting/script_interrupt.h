#pragma once
// Keeps the window alive while a script runs on the GUI thread, and interrupts it on request
// (docs/python.md "Long scripts and interrupting them").
//
// A script runs on the GUI thread, because it edits the document the GUI thread owns. While it
// runs, a watchdog thread asks the interpreter every kPumpIntervalMs for a *pending call*
// (Py_AddPendingCall): CPython runs it on the main thread at its next check point in the
// bytecode loop (loop back-edges, calls), with the GIL held, between two Python operations. The
// call processes the window's events (`pump`, a bounded QCoreApplication::processEvents), so
// the window repaints and the Stop button can be pressed; and if an interrupt was requested it
// raises KeyboardInterrupt right there, which unwinds the script like Ctrl+C at Python's prompt.
// No signal handler is involved (the interpreter runs without them). The watchdog holds the GIL
// only for the instant it queues the call (which is what makes CPython 3.11's main thread look
// at its queue, see the .cpp); it never runs Python code.
//
// Limits: a single C++ call that releases the GIL (one long scene.solve()) is not cut short;
// the interrupt lands when it returns, and the window is not repainted meanwhile. Code that
// blocks without running bytecode (time.sleep) likewise finishes its call first.
#include <functional>
#include <thread>

namespace flexure::app {

class ScriptInterrupt {
 public:
  static constexpr int kPumpIntervalMs = 40;

  // Starts the watchdog for one script run; `pump` is called on the GUI thread, inside the
  // script, every kPumpIntervalMs of Python execution. Only one run at a time.
  explicit ScriptInterrupt(std::function<void()> pump);
  // Stops the watchdog; a request that arrived too late to land is dropped.
  ~ScriptInterrupt();
  ScriptInterrupt(const ScriptInterrupt&) = delete;
  ScriptInterrupt& operator=(const ScriptInterrupt&) = delete;

  // Raises KeyboardInterrupt in the running script at its next check point (any thread).
  static void request();
  // True while a run is being watched.
  static bool active();

 private:
  std::thread watchdog_;
};

}  // namespace flexure::app
