#include "document/document_session_sync.h"

#include "flexure/io/scene_file.h"

namespace flexure::app {

std::string structureSignature(const Scene& scene) {
  const std::unique_ptr<Scene> copy = scene.clone();
  copy->parameters().values().setZero();
  copy->camera = Camera{};
  copy->description.clear();
  return sceneToString(*copy);
}

void DocumentSessionSync::reset(const Scene& scene) {
  psi_ = scene.parameters().values();
  structure_ = structureSignature(scene);
}

DocumentSessionSync::Change DocumentSessionSync::compare(const Scene& scene, bool valuesOnly) const {
  Change change;
  const Eigen::VectorXd& psi = scene.parameters().values();
  if (psi.size() != psi_.size() || (!valuesOnly && structureSignature(scene) != structure_)) {
    change.structure = true;
    return change;
  }
  for (Eigen::Index i = 0; i < psi.size(); ++i)
    if (psi[i] != psi_[i]) change.values.push_back(static_cast<int>(i));
  return change;
}

}  // namespace flexure::app
