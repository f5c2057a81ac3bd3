// Working with several nodes at once (issue 27): duplicate, fragments as JSON text (the
// window's clipboard language), group and ungroup, delete several, unwrap. Each call is the
// core function the window uses (flexure/core/scene_fragment.h, grouping.h, node_removal.h,
// unwrap.h; flexure/io/fragment_file.h), so a script and a menu command give the same scene.
#include <array>

#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/core/grouping.h"
#include "flexure/core/node_removal.h"
#include "flexure/core/scene.h"
#include "flexure/core/scene_fragment.h"
#include "flexure/core/unwrap.h"
#include "flexure/io/fragment_file.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

// Node names from a list of names or flexure.Node objects (KeyError for one that is missing).
std::vector<std::string> namesOf(SceneHandle& handle, const py::iterable& nodes) {
  std::vector<std::string> names;
  for (const py::handle item : nodes) names.push_back(nodeOf(handle, item).name());
  return names;
}

FragmentOptions fragmentOptionsOf(const std::string& crossing) {
  if (crossing == "drop") return FragmentOptions{CrossingConstraints::Drop};
  if (crossing == "keep") return FragmentOptions{CrossingConstraints::Keep};
  throw py::value_error("crossing must be \"drop\" or \"keep\", not \"" + crossing + "\"");
}

// What a paste or duplicate left out or could not take, as Python warnings.
void warnAbout(const InsertedFragment& inserted) {
  for (const std::string& name : inserted.leftOut)
    if (PyErr_WarnEx(PyExc_UserWarning,
                     ("constraint \"" + name + "\" joins a copied part to a node this scene does not have: left out").c_str(), 2) < 0)
      throw py::error_already_set();
  for (const std::string& text : inserted.warnings)
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 2) < 0) throw py::error_already_set();
}

void require(const std::string& problem) {
  if (!problem.empty()) throw py::value_error(problem);
}

}  // namespace

void defineAssembly(py::module_&, SceneClass& scene) {
  scene.def(
      "duplicate",
      [](const HandlePtr& h, const py::iterable& nodes, const std::string& crossing) {
        const FragmentOptions options = fragmentOptionsOf(crossing);
        const std::vector<std::string> names = namesOf(*h, nodes);
        fragmentRoots(h->scene(), names);  // refuses the root or a missing name before the edit
        InsertedFragment copy;
        {
          SceneHandle::Edit edit(*h, EditKind::Structure);
          copy = duplicateNodes(h->scene(), names, options);
        }
        warnAbout(copy);
        return copy.roots;
      },
      py::arg("nodes"), py::arg("crossing") = "drop",
      "Duplicates the nodes (names or Nodes) as Shift+D does in the window: each with its\n"
      "sub-tree, Ψ values, frozen flags and bounds, right after its original under the same\n"
      "parent (so in the same world place), with the curves they read, the constraints among the\n"
      "copies and their keyframe tracks. Names that are taken get the next free '.001'; every\n"
      "reference inside the copy follows, so no copy refers to an original. A constraint joining a\n"
      "copied node to an uncopied one is dropped (crossing='drop') or kept on the copy, still\n"
      "naming the uncopied node (crossing='keep'). Returns the names of the copies' top nodes.");
  scene.def(
      "export_fragment",
      [](const HandlePtr& h, const py::iterable& nodes, const std::string& crossing) {
        return exportFragment(h->scene(), namesOf(*h, nodes), fragmentOptionsOf(crossing));
      },
      py::arg("nodes"), py::arg("crossing") = "drop",
      "The nodes as fragment JSON text, the window's clipboard language: '\"format\":\n"
      "\"flexure-fragment\"' with the same nodes, constraints and tracks as duplicate() copies\n"
      "(docs/scene-format.md, 'Fragments').");
  scene.def(
      "import_fragment",
      [](const HandlePtr& h, const std::string& text, const py::object& parent, int position, const std::string& sourceName,
         const std::string& baseDirectory) {
        Node& under = nodeOf(*h, parent);
        if (under.isPrimitive()) throw py::value_error("\"" + under.name() + "\" is a primitive: it cannot hold pasted nodes");
        FragmentText read = readFragment(text, sourceName, baseDirectory);  // LoadError before any change
        warnAboutLoad(read.warnings);
        ImportedFragment pasted;
        {
          SceneHandle::Edit edit(*h, EditKind::Structure);
          pasted = pasteFragment(h->scene(), read, &under, position);
        }
        warnAbout(pasted);
        return pasted.roots;
      },
      py::arg("text"), py::arg("parent") = py::none(), py::arg("position") = -1, py::arg("source_name") = "<fragment>",
      py::arg("base_directory") = "",
      "Pastes fragment text (or a whole scene file's text) under `parent` (the root when None)\n"
      "and returns the names of the added top nodes. Clashing names become '.001', '.002' ...\n"
      "with every reference inside the fragment. All or nothing: invalid text raises LoadError\n"
      "(file, line, column, JSON path) and the scene is left as it was.");
  scene.def(
      "group",
      [](const HandlePtr& h, const py::iterable& nodes, const std::string& name, bool placed, const py::object& pivot) {
        const std::vector<std::string> names = namesOf(*h, nodes);
        require(groupProblem(h->scene(), names));
        GroupOptions options;
        options.name = name;
        options.placed = placed;
        if (!pivot.is_none()) {
          const auto p = pivot.cast<std::array<double, 3>>();
          options.pivot = Vec3d{p[0], p[1], p[2]};
        }
        SceneHandle::Edit edit(*h, EditKind::Structure);
        return groupNodes(h->scene(), names, options).group;
      },
      py::arg("nodes"), py::arg("name") = "group", py::kw_only(), py::arg("placed") = false, py::arg("pivot") = py::none(),
      "Wraps the nodes in a new group (Ctrl+G) where the first of them was, keeping every part's\n"
      "world placement; nodes from under other placements carry their motion. placed=True puts a\n"
      "translate and a rotate over the group ('<name>-translate', '<name>-rotate'), starting at\n"
      "pivot=(x, y, z). Returns the group's name; ValueError when refused (a deformer between).");
  scene.def(
      "ungroup",
      [](const HandlePtr& h, const py::object& node) {
        const std::string name = namesOf(*h, py::make_tuple(node)).front();
        require(ungroupProblem(h->scene(), name));
        SceneHandle::Edit edit(*h, EditKind::Structure);
        return ungroupNode(h->scene(), name).children;
      },
      py::arg("node"),
      "Takes a group (or a placed group, by its group or its translate) apart (Alt+G), keeping\n"
      "its children's world placement; returns their names.");
  scene.def(
      "remove_nodes",
      [](const HandlePtr& h, const py::iterable& nodes) {
        const std::vector<std::string> names = namesOf(*h, nodes);
        require(removeNodesProblem(h->scene(), names));
        RemovedNodes removed;
        {
          SceneHandle::Edit edit(*h, EditKind::Structure);
          removed = removeNodes(h->scene(), names);
        }
        py::dict out;
        out["nodes"] = std::vector<std::string>(removed.removed.nodes.begin(), removed.removed.nodes.end());
        out["constraints"] = std::vector<std::string>(removed.removed.constraints.begin(), removed.removed.constraints.end());
        return out;
      },
      py::arg("nodes"),
      "Deletes the nodes with their sub-trees, the constraints that refer to them and their\n"
      "keyframe tracks (X in the window). Returns {'nodes': [...], 'constraints': [...]}, what went.\n"
      "ValueError when a node that stays reads one that goes (a sweep's curve).");
  scene.def(
      "unwrap",
      [](const HandlePtr& h, const py::object& node) {
        Node& op = nodeOf(*h, node);
        require(unwrapProblem(h->scene(), op));
        SceneHandle::Edit edit(*h, EditKind::Structure);
        unwrapNode(h->scene(), op);
      },
      py::arg("node"),
      "Removes an operator and puts its children where it was, composing a translate or rotate\n"
      "into a neighbour of its type so they stay in place (the outliner's Unwrap).");
}

}  // namespace flexure::python
