#pragma once
// Shared helpers of the session tests: the pipefitting scene with every module registered, and
// polling a session's latest-value buffer until a condition holds (with a deadline, so a broken
// session fails instead of hanging).
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "flexure/core/scene.h"
#include "flexure/session/solver_session.h"

namespace flexure::session::test {

// scenes/<file> of the source tree, with every module registered first (the example scenes
// use module node types and constraints).
std::unique_ptr<Scene> exampleScene(const std::string& file);

std::unique_ptr<Scene> pipefittingScene();

// The energy family's report in a result (null if the energy solver has not run yet).
const SolveReport* energyReport(const SessionResult& result);

// The session converged and the energy solver met every constraint (E < 1e-8).
bool solved(const SessionResult& result);

// Polls until `done(result)` is true or `seconds` pass; returns the last result seen.
std::shared_ptr<const SessionResult> waitFor(const SolverSession& session,
                                             const std::function<bool(const SessionResult&)>& done,
                                             double seconds = 10.0);

// World position of a picked point for a given Ψ.
Vec3d pointAt(const Scene& structure, const Eigen::VectorXd& psi, const std::string& node, const SurfacePoint& p);

}  // namespace flexure::session::test
