#include "scene_handle.h"

#include "flexure/anim/bake_session.h"
#include "flexure/core/scene.h"

namespace flexure::python {

SceneHandle::SceneHandle(std::unique_ptr<Scene> owned) : owned_(std::move(owned)), scene_(owned_.get()) {}

SceneHandle::SceneHandle(Scene& borrowed, std::shared_ptr<SceneObserver> observer)
    : scene_(&borrowed), observer_(std::move(observer)) {}

SceneHandle::~SceneHandle() { bake_.reset(); }  // before the scene it refers to

void SceneHandle::checkUsable() const {
  if (scene_ == nullptr) throw std::runtime_error("this scene was closed (the document it referred to is gone)");
  if (busy_.load()) throw std::runtime_error("this scene is being solved in another thread; use one Scene per thread");
}

Scene& SceneHandle::scene() {
  checkUsable();
  return *scene_;
}

const Scene& SceneHandle::scene() const {
  checkUsable();
  return *scene_;
}

void SceneHandle::detach() {
  bake_.reset();
  scene_ = nullptr;
  owned_.reset();
}

BakeSession& SceneHandle::bakeSession() {
  if (!bake_) bake_ = std::make_unique<BakeSession>(scene());
  return *bake_;
}

void SceneHandle::dropBakeSession() { bake_.reset(); }

SceneHandle::Edit::Edit(SceneHandle& handle, EditKind kind, bool keepBake) : handle_(handle), kind_(kind) {
  handle_.checkUsable();
  if (!keepBake) handle_.dropBakeSession();
  if (handle_.observer_) handle_.observer_->aboutToEdit(kind_);
}

SceneHandle::Edit::~Edit() {
  if (handle_.observer_) handle_.observer_->edited(kind_);
}

SceneHandle::Busy::Busy(SceneHandle& handle) : handle_(handle) {
  handle_.checkUsable();
  bool expected = false;
  if (!handle_.busy_.compare_exchange_strong(expected, true))
    throw std::runtime_error("this scene is being solved in another thread; use one Scene per thread");
}

SceneHandle::Busy::~Busy() { handle_.busy_ = false; }

}  // namespace flexure::python
