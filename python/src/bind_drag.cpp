// Dragging from a script: the session's part drags (flexure/session/part_drag.h), the same the
// window uses, chosen by what the node is: energy spring, solid mouse constraint, curve
// rubberband or metaball displacement.
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>

#include "bindings.h"
#include "flexure/core/drag_mode.h"
#include "flexure/core/grip.h"
#include "flexure/core/scene.h"
#include "flexure/core/solve_summary.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/session/part_drag.h"
#include "flexure/session/part_drag_registry.h"
#include "json_bridge.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

class Drag {
 public:
  Drag(HandlePtr handle, std::string node, SurfacePoint point, double time, DragMode mode,
       std::optional<PlacedGrip> grip = std::nullopt)
      : handle_(std::move(handle)), node_(std::move(node)), point_(point), time_(time), mode_(mode), grip_(std::move(grip)) {}

  Drag& enter() {
    if (drag_) throw std::runtime_error("this drag has already begun");
    Scene& scene = handle_->scene();
    if (!scene.find(node_)) throw py::key_error("no node \"" + node_ + "\"");
    SceneHandle::Edit edit(*handle_, EditKind::Values);
    if (grip_) {
      // A grip's drag: the first technique that can change the part's own sizes (the window's).
      std::vector<SurfacePoint> pins;
      if (grip_->pinned) pins.push_back(*grip_->pinned);
      drag_ = session::PartDragRegistry::instance().makeAccepting(
          scene, *scene.find(node_), time_, [&](session::PartDrag& d) { return d.setGrip(grip_->parameters, pins); });
      if (!drag_) throw std::runtime_error("no technique drags the grip \"" + grip_->grip.name + "\" of \"" + node_ + "\"");
    } else {
      drag_ = session::makePartDrag(scene, node_, time_);
    }
    drag_->setMode(mode_);
    const Vec3d start = startPoint(scene);
    status_ = drag_->begin(node_, point_, start);
    return *this;
  }

  py::dict moveTo(double x, double y, double z) {
    if (!drag_) throw std::runtime_error("move_to outside the drag: use `with scene.drag(...) as d:`");
    Scene& scene = handle_->scene();
    std::vector<SolveReport> reports;
    {
      SceneHandle::Edit edit(*handle_, EditKind::Values);
      SceneHandle::Busy busy(*handle_);
      py::gil_scoped_release release;
      status_ = drag_->move(Vec3d{x, y, z});
      // The window swings a part over in bounded turns, one per frame (energy/drag.h); a script
      // takes them all before it returns.
      for (int k = 0; k < 400 && status_.settling && !status_.pinned; ++k) status_ = drag_->settle();
      // Constraint-based drags (solid, curve) take effect through the family solvers, which the
      // window's solver thread steps while the mouse moves; a script solves once per move, and
      // again while a solver stopped at its bounded turn (SolveReport::paced), as it does above.
      if (drag_->needsSolverSteps() && !status_.pinned)
        for (int k = 0; k < 400; ++k) {
          reports = solveScene(scene, SolveOptions{});
          if (std::none_of(reports.begin(), reports.end(), [](const SolveReport& r) { return r.paced; })) break;
        }
    }
    py::dict out = status();
    if (!reports.empty()) out["report"] = toPython(summarizeReports(reports));
    return out;
  }

  void exit() {
    if (!drag_) return;
    SceneHandle::Edit edit(*handle_, EditKind::Values);
    status_ = drag_->end();
    drag_.reset();
  }

  py::dict status() const {
    py::dict d;
    d["kind"] = drag_ ? std::string(drag_->kindName()) : kind_;
    d["pinned"] = status_.pinned;
    d["reason"] = status_.reason;
    d["point"] = py::make_tuple(status_.point.x, status_.point.y, status_.point.z);
    if (status_.hasEnergy) {
      d["user_energy"] = status_.userEnergy;
      d["constraint_energy"] = status_.constraintEnergy;
    }
    return d;
  }

  std::string kind() const { return drag_ ? drag_->kindName() : kind_; }

 private:
  // Where the drag starts: the picked surface point of a primitive; for a metaball deformer
  // (patch = metaball index, as the window picks handles) the handle, the metaball's pivot moved
  // by its displacement, so that move_to(x, y, z) puts the handle at (x, y, z) in the
  // deformer's space.
  Vec3d startPoint(const Scene& scene) const {
    const Node* node = scene.find(node_);
    if (const auto* deformer = dynamic_cast<const deform::MetaballDeformOperator*>(node)) {
      const auto& balls = deformer->metaballs();
      if (point_.patch >= static_cast<int>(balls.size()))
        throw py::value_error("\"" + node_ + "\" has no metaball " + std::to_string(point_.patch));
      Vec3d p = balls[static_cast<std::size_t>(point_.patch)].pivot();
      const char* slots[3] = {"dx", "dy", "dz"};
      double* axes[3] = {&p.x, &p.y, &p.z};
      for (int k = 0; k < 3; ++k) {
        const int i = deformer->paramIndexOf(point_.patch, slots[k]);
        if (i >= 0) *axes[k] += scene.parameters().value(i);
      }
      return p;
    }
    if (node && node->isOperator())
      throw py::value_error("\"" + node_ + "\" is an operator: drag a primitive under it (or a metaball deformer's handle)");
    return session::pickedPointPosition(scene, node_, point_);
  }

  HandlePtr handle_;
  std::string node_;
  SurfacePoint point_;
  double time_;
  DragMode mode_;
  std::optional<PlacedGrip> grip_;
  std::unique_ptr<session::PartDrag> drag_;
  std::string kind_;
  session::PartDragStatus status_;
};

}  // namespace

py::object makeDrag(const HandlePtr& handle, const std::string& node, py::tuple point, double time,
                    const std::string& mode, const py::object& grip) {
  if (point.size() != 3) throw py::value_error("point takes (patch, u, v), e.g. (0, 0.5, 0.5)");
  SurfacePoint p{point[0].cast<int>(), point[1].cast<double>(), point[2].cast<double>()};
  if (p.patch < 0) throw py::value_error("patch index must not be negative");
  const std::optional<DragMode> dragMode = dragModeNamed(mode);
  if (!dragMode) throw py::value_error("mode \"" + mode + "\" is none of auto, move, rotate, shape, free");
  if (grip.is_none()) return py::cast(Drag(handle, node, p, time, *dragMode));
  // A grip of the primitive `node` (flexure/core/grip.h): its point is the one dragged.
  const std::string name = grip.cast<std::string>();
  const auto* leaf = dynamic_cast<const Primitive*>(handle->scene().find(node));
  if (leaf == nullptr) throw py::value_error("\"" + node + "\" is not a primitive: grips belong to primitives");
  for (PlacedGrip& g : placedGrips(handle->scene(), *leaf))
    if (g.grip.name == name) {
      p = g.surface;
      return py::cast(Drag(handle, node, p, time, *dragMode, std::move(g)));
    }
  throw py::value_error("\"" + node + "\" has no grip \"" + name + "\" (see scene.grips(node))");
}

void defineDrag(py::module_& m, SceneClass& scene) {
  py::class_<Drag>(m, "Drag",
                   "A drag of one point of a part, as a context manager:\n\n"
                   "    with scene.drag('pipe', (0, 0.5, 0.5)) as d:\n"
                   "        d.move_to(x, y, z)\n\n"
                   "The implementation is the window's, chosen by what the node is: an energy spring\n"
                   "(Witkin et al.), a solid mouse constraint (Gascuel), a curve rubberband (Chen & Wu)\n"
                   "or a metaball displacement (Jin et al.). Leaving the block ends the drag and removes\n"
                   "whatever it added; the scene keeps where the drag left it.")
      .def("__enter__", &Drag::enter, py::return_value_policy::reference_internal,
           "Begins the drag at the picked point (nothing moves yet).")
      .def(
          "__exit__", [](Drag& d, const py::object&, const py::object&, const py::object&) { d.exit(); },
          "Ends the drag: whatever it added to the scene is removed; the scene stays where it is.")
      .def(
          "move_to", [](Drag& d, double x, double y, double z) { return d.moveTo(x, y, z); }, py::arg("x"), py::arg("y"),
          py::arg("z"),
          "Moves the dragged point toward (x, y, z) and lets the scene follow (energy and metaball\n"
          "drags solve in the move; solid and curve drags then run the family solvers once).\n"
          "Returns the status: kind, pinned, reason, point (where the picked point is now),\n"
          "user_energy/constraint_energy for energy drags, and 'report' (the solve report) when the\n"
          "family solvers ran.")
      .def_property_readonly("status", &Drag::status, "The last status (see move_to).")
      .def_property_readonly("kind", &Drag::kind, "Which drag this is: 'energy spring', 'solid mouse constraint', ...");

  scene.def(
      "point",
      [](SceneHandle& h, const std::string& node, py::tuple point) {
        if (point.size() != 3) throw py::value_error("point takes (patch, u, v)");
        const Scene& s = h.scene();
        if (!s.find(node)) throw py::key_error("no node \"" + node + "\"");
        const Vec3d p = session::pickedPointPosition(s, node, {point[0].cast<int>(), point[1].cast<double>(), point[2].cast<double>()});
        return py::make_tuple(p.x, p.y, p.z);
      },
      py::arg("node"), py::arg("point") = py::make_tuple(0, 0.5, 0.5),
      "World position of the surface point (patch, u, v) of the primitive `node` with the current Ψ\n"
      "(P(u, v) mapped through every operator above it).");
  scene.def(
      "drag", &makeDrag, py::arg("node"), py::arg("point") = py::make_tuple(0, 0.5, 0.5), py::arg("time") = 0.0,
      py::arg("mode") = "auto", py::arg("grip") = py::none(),
      "A Drag of the surface point (patch, u, v) of the primitive (or metaball deformer) `node`;\n"
      "use it in a with block. `time` is the scene time constraints are evaluated at. `mode` is the\n"
      "window's drag mode: 'auto' (the stiffness ladder: a free part moves, a part held in place\n"
      "turns about its hinge, a held part bends and stretches), 'move' (placement only), 'rotate'\n"
      "(its rotations only), 'shape' (the part's own and its deformers' parameters) or 'free'\n"
      "(every parameter alike, Witkin et al.'s drag). With `grip` (a name from scene.grips(node))\n"
      "the drag pulls that grip instead of `point` and changes only the sizes it stands for, its\n"
      "opposite feature held, as the window's grips do.");
}

}  // namespace flexure::python
