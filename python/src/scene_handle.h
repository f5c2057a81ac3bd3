#pragma once
// What a flexure.Scene holds: a C++ Scene, owned (loaded or built by the script) or borrowed
// (the application's open document), plus what the bindings keep beside it (the bake session
// of the timeline, whether a solve runs in another thread). Every Python object that refers to
// the scene (params, nodes, constraints, drags, the timeline) holds a shared_ptr to the handle,
// so the scene lives as long as any of them.
#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>

namespace flexure {
class Scene;
class BakeSession;
}  // namespace flexure

namespace flexure::python {

// What a script changed.
enum class EditKind {
  Values,     // only Ψ values (a parameter, the whole vector, a drag, a solve)
  Structure,  // nodes, constraints, fields, frozen flags, bounds, keys, settings
};

// Told about every change a script makes to a borrowed scene (the console hook, bindings.h).
class SceneObserver {
 public:
  virtual ~SceneObserver() = default;
  virtual void aboutToEdit(EditKind) {}
  virtual void edited(EditKind) {}
};

class SceneHandle {
 public:
  explicit SceneHandle(std::unique_ptr<Scene> owned);
  SceneHandle(Scene& borrowed, std::shared_ptr<SceneObserver> observer);
  ~SceneHandle();
  SceneHandle(const SceneHandle&) = delete;
  SceneHandle& operator=(const SceneHandle&) = delete;

  // The scene; throws std::runtime_error when detached or while another thread solves it.
  Scene& scene();
  const Scene& scene() const;
  void detach();

  // The bake session of the timeline, created on first use from the scene as it is; dropped by
  // every edit (the next bake starts from the edited scene).
  BakeSession& bakeSession();
  void dropBakeSession();

  // Brackets a change: tells the observer and (unless the change is the bake session's own,
  // `keepBake`) drops the bake session.
  class Edit {
   public:
    Edit(SceneHandle& handle, EditKind kind, bool keepBake = false);
    ~Edit();
    Edit(const Edit&) = delete;
    Edit& operator=(const Edit&) = delete;

   private:
    SceneHandle& handle_;
    EditKind kind_;
  };

  // Marks the scene busy for a solve that runs without the GIL; a second solve of the same scene
  // from another thread (or any use meanwhile) raises instead of racing.
  class Busy {
   public:
    explicit Busy(SceneHandle& handle);
    ~Busy();
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;

   private:
    SceneHandle& handle_;
  };

 private:
  void checkUsable() const;
  std::unique_ptr<Scene> owned_;
  Scene* scene_ = nullptr;
  std::shared_ptr<SceneObserver> observer_;
  std::unique_ptr<BakeSession> bake_;
  std::atomic<bool> busy_{false};
};

using HandlePtr = std::shared_ptr<SceneHandle>;

}  // namespace flexure::python
