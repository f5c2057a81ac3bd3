#pragma once
// Helpers shared by the binding files.
#include <memory>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "flexure/core/solver_registry.h"
#include "flexure/io/scene_file.h"
#include "scene_handle.h"

namespace flexure::python {

// Emits each load warning as a flexure.LoadWarning (Python's warnings module).
void warnAboutLoad(const std::vector<LoadWarning>& warnings);
// A new flexure.Scene owning `scene`.
pybind11::object newScene(std::unique_ptr<Scene> scene);

// solve()'s keyword arguments, checked like `flexure-cli solve`'s options.
SolveOptions solveOptionsOf(const std::string& method, const pybind11::object& maxIterations,
                            const pybind11::object& tolerance);

// A node by name or flexure.Node; throws KeyError naming the missing node.
Node& nodeOf(SceneHandle& handle, const pybind11::handle& nameOrNode);

// The drag and timeline entry points of flexure.Scene (bind_drag.cpp, bind_timeline.cpp).
pybind11::object makeDrag(const HandlePtr& handle, const std::string& node, pybind11::tuple point, double time,
                          const std::string& mode, const pybind11::object& grip);
pybind11::list bake(const HandlePtr& handle, int first, int last, const pybind11::object& fps, const SolveOptions& options);
pybind11::object goToFrame(const HandlePtr& handle, int frame);

}  // namespace flexure::python
