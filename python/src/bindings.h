#pragma once
// The flexure Python module's C++ entry points: what the extension module (module.cpp) and an
// application that embeds Python (the window's console, later) share.
//
// The console hook: an application links flexure_python_bindings, registers the same module
// in-process under the name the package looks for first,
//
//   PYBIND11_EMBEDDED_MODULE(_flexure_embedded, m) { flexure::python::defineModule(m); }
//
// so that `import flexure` inside the application uses the application's own types and
// registries (not a second copy from the extension module), and binds its open document with
//
//   auto observer = std::make_shared<MyDocumentObserver>(document);   // a SceneObserver
//   globals["scene"] = flexure::python::wrapScene(document.scene(), observer);
//
// Every change a script makes through that object calls observer->aboutToEdit(kind) before and
// observer->edited(kind) after (kind: values only, or structure), which is where the
// application snapshots for undo and refreshes its panels. When the document closes, call
// detachScene(object): later uses raise RuntimeError instead of touching freed memory.
#include <memory>

#include <pybind11/pybind11.h>

#include "scene_handle.h"

namespace flexure {
class Scene;
}

namespace flexure::python {

// Defines every class and function of the module in `m`.
void defineModule(pybind11::module_& m);

// A flexure.Scene that refers to `scene` without owning it.
pybind11::object wrapScene(Scene& scene, std::shared_ptr<SceneObserver> observer);
// Makes a wrapped scene unusable (RuntimeError on use) before the C++ scene goes away.
void detachScene(const pybind11::object& wrapped);

// Parts of defineModule, one per file; each adds its methods to flexure.Scene.
using SceneClass = pybind11::class_<SceneHandle, HandlePtr>;
SceneClass defineSceneClass(pybind11::module_& m);
void defineParams(pybind11::module_& m, SceneClass& scene);
void defineTree(pybind11::module_& m, SceneClass& scene);
void defineDrag(pybind11::module_& m, SceneClass& scene);
void defineTimeline(pybind11::module_& m, SceneClass& scene);
void defineAssembly(pybind11::module_& m, SceneClass& scene);
void defineDirectEditing(pybind11::module_& m, SceneClass& scene);

}  // namespace flexure::python
