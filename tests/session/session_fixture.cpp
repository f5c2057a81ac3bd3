#include "session_fixture.h"

#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/session/part_drag.h"

namespace flexure::session::test {

std::unique_ptr<Scene> exampleScene(const std::string& file) {
  registerAllModules();
  return loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + file);
}

std::unique_ptr<Scene> pipefittingScene() { return exampleScene("pipefitting.json"); }

const SolveReport* energyReport(const SessionResult& result) {
  for (const auto& r : result.reports)
    if (r.family == "energy") return &r;
  return nullptr;
}

bool solved(const SessionResult& result) {
  const SolveReport* e = energyReport(result);
  return result.converged && e != nullptr && e->energy < 1e-8;
}

std::shared_ptr<const SessionResult> waitFor(const SolverSession& session,
                                             const std::function<bool(const SessionResult&)>& done, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  auto r = session.latest();
  while (!(r && done(*r)) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    r = session.latest();
  }
  return r;
}

Vec3d pointAt(const Scene& structure, const Eigen::VectorXd& psi, const std::string& node, const SurfacePoint& p) {
  auto copy = structure.clone();
  copy->parameters().values() = psi;
  return pickedPointPosition(*copy, node, p);
}

}  // namespace flexure::session::test
