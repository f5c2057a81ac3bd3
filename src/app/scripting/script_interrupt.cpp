#include "scripting/script_interrupt.h"

#include <Python.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace flexure::app {
namespace {

// Process-wide, not per run: a pending call queued just before a run ended executes at the next
// bytecode check point, possibly during a later run or after the ScriptInterrupt is gone, so
// what it reads must live as long as the interpreter.
struct WatchState {
  std::atomic<bool> active{false};
  std::atomic<bool> queued{false};       // a pending call is queued and has not run yet
  std::atomic<bool> interrupt{false};    // raise KeyboardInterrupt at the next call
  std::function<void()> pump;            // GUI thread only
  std::mutex mutex;
  std::condition_variable wake;
  bool stopping = false;
};

WatchState& state() {
  static WatchState* s = new WatchState();  // never destroyed: see above
  return *s;
}

// Runs on the main thread with the GIL held, between two bytecodes of the script.
int pendingCall(void*) {
  WatchState& s = state();
  s.queued = false;
  if (!s.active) return 0;
  if (s.pump && !s.interrupt) s.pump();
  if (s.interrupt.exchange(false)) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    return -1;  // the exception propagates into the script
  }
  return 0;
}

}  // namespace

ScriptInterrupt::ScriptInterrupt(std::function<void()> pump) {
  WatchState& s = state();
  s.pump = std::move(pump);
  s.interrupt = false;
  {
    std::lock_guard lock(s.mutex);
    s.stopping = false;
  }
  s.active = true;
  watchdog_ = std::thread([] {
    WatchState& st = state();
    std::unique_lock lock(st.mutex);
    while (!st.wake.wait_for(lock, std::chrono::milliseconds(kPumpIntervalMs), [&] { return st.stopping; })) {
      if (st.queued.exchange(true)) continue;  // at most one call in the queue (CPython's holds 32)
      lock.unlock();
      // Py_AddPendingCall needs no GIL, but in CPython 3.11 a call added by a thread other than
      // the main one does not set the main thread's eval breaker (COMPUTE_EVAL_BREAKER asks
      // whether the *calling* thread can handle pending calls). Taking the GIL does: the main
      // thread is asked to drop it within the switch interval (5 ms), and when it takes the GIL
      // back it recomputes the breaker on its own thread and sees the queued call.
      const PyGILState_STATE gil = PyGILState_Ensure();
      if (Py_AddPendingCall(&pendingCall, nullptr) != 0) st.queued = false;
      PyGILState_Release(gil);
      lock.lock();
    }
  });
}

ScriptInterrupt::~ScriptInterrupt() {
  WatchState& s = state();
  s.active = false;
  s.interrupt = false;
  {
    std::lock_guard lock(s.mutex);
    s.stopping = true;
  }
  s.wake.notify_all();
  watchdog_.join();
  s.pump = nullptr;
}

void ScriptInterrupt::request() {
  if (state().active) state().interrupt = true;
}

bool ScriptInterrupt::active() { return state().active; }

}  // namespace flexure::app
