#pragma once
// A parallel loop for the per-frame vertex loops (deformation of display meshes), built so that
// the calling thread never waits for a helper that has not started.
//
// OpenMP's `parallel for` ends in a join: the caller waits until every team thread has checked
// in, even when the caller has done all the work itself because a helper was still queued for
// a core. On this application's machines that is the normal case during a drag (the solver
// thread, the GUI thread and the geometry worker share two cores), and it turned a 10 ms
// deformation into 13 ms or more. Here, chunks are claimed from an atomic counter by the caller
// and by helpers of a process-wide pool; a helper joins a loop only while it is open, and the
// caller, once the counter is exhausted, closes the loop and waits only for the helpers that
// joined (each finishing the chunk it holds).
#include <functional>

namespace flexure {

// Calls body(begin, end) over [0, count) in chunks of `grain` indices, on the calling thread and
// on up to maxThreads - 1 helpers. The body must not throw. A loop started while another one is
// running (another thread's, or a nested one) runs on its calling thread alone.
void parallelFor(long count, long grain, int maxThreads, const std::function<void(long begin, long end)>& body);

// Helper threads the pool keeps (created on first use, up to hardware concurrency - 1).
int parallelHelperCount();

}  // namespace flexure
