// Direct editing from a script (issue 26), the window's own code: a primitive's grips
// (flexure/core/grip.h; drag one with scene.drag(node, grip=...)), the features snapping joins and
// the joint a pair of them makes (flexure/core/snap.h).
#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/core/grip.h"
#include "flexure/core/scene.h"
#include "flexure/core/snap.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

py::tuple tupleOf(const Vec3d& v) { return py::make_tuple(v.x, v.y, v.z); }
py::tuple tupleOf(const SurfacePoint& p) { return py::make_tuple(p.patch, p.u, p.v); }

const Primitive& primitiveNamed(const Scene& scene, const std::string& node) {
  const Node* n = scene.find(node);
  if (n == nullptr) throw py::key_error("no node \"" + node + "\"");
  if (!n->isPrimitive()) throw py::value_error("\"" + node + "\" is not a primitive");
  return static_cast<const Primitive&>(*n);
}

py::dict featureDict(const SnapFeature& f) {
  py::dict d;
  d["kind"] = f.kind;
  d["name"] = f.name;
  d["node"] = f.node;
  d["end"] = f.end;
  d["point"] = tupleOf(f.world);
  d["direction"] = tupleOf(f.worldDirection);
  return d;
}

const SnapFeature& featureNamed(const std::vector<SnapFeature>& features, const std::string& node,
                                const std::string& name) {
  for (const SnapFeature& f : features)
    if (f.name == name) return f;
  throw py::value_error("\"" + node + "\" has no snap feature \"" + name + "\" (see scene.snap_features(node))");
}

}  // namespace

void defineDirectEditing(py::module_&, SceneClass& scene) {
  scene.def(
      "grips",
      [](const HandlePtr& h, const std::string& node) {
        py::list out;
        for (const PlacedGrip& g : placedGrips(h->scene(), primitiveNamed(h->scene(), node))) {
          py::dict d;
          d["name"] = g.grip.name;
          d["node"] = g.node;
          d["parameters"] = g.parameters;
          d["point"] = tupleOf(g.world);
          d["direction"] = tupleOf(g.worldDirection);
          d["surface"] = tupleOf(g.surface);
          d["pinned"] = g.pinned ? py::object(tupleOf(*g.pinned)) : py::object(py::none());
          out.append(d);
        }
        return out;
      },
      py::arg("node"),
      "The grips of the primitive `node` and of the deformers above it, as the window shows them:\n"
      "dicts of name, node (whose parameters it changes), parameters, point and direction (the\n"
      "line it moves along, in the world), surface (the (patch, u, v) the drag pulls) and pinned\n"
      "(the opposite feature held, or None). Drag one with scene.drag(node, grip=name).");
  scene.def(
      "snap_features",
      [](const HandlePtr& h, const py::object& node) {
        const Scene& s = h->scene();
        const std::vector<SnapFeature> features =
            node.is_none() ? SnapRegistry::instance().allFeatures(s)
                           : SnapRegistry::instance().featuresOf(s, primitiveNamed(s, node.cast<std::string>()));
        py::list out;
        for (const SnapFeature& f : features) out.append(featureDict(f));
        return out;
      },
      py::arg("node") = py::none(),
      "The features snapping joins (pipe ends, face centres, curve ends ...), of `node` or of every part: dicts\n"
      "of kind, name, node, end, point and direction, in the world.");
  scene.def(
      "snap",
      [](const HandlePtr& h, const std::string& node, const std::string& feature, const std::string& target,
         const std::string& targetFeature) {
        Scene& s = h->scene();
        const SnapRegistry& registry = SnapRegistry::instance();
        const std::vector<SnapFeature> moving = registry.featuresOf(s, primitiveNamed(s, node));
        const std::vector<SnapFeature> other = registry.featuresOf(s, primitiveNamed(s, target));
        const SnapFeature& a = featureNamed(moving, node, feature);
        const SnapFeature& b = featureNamed(other, target, targetFeature);
        std::unique_ptr<Constraint> joint = makeSnapConstraint(s, a, b);
        if (!joint)
          throw py::value_error("nothing joins \"" + feature + "\" of \"" + node + "\" to \"" + targetFeature + "\" of \"" +
                                target + "\"");
        // As the window: a pair a constraint of the scene already joins is not joined twice.
        if (snapAlreadyJoined(s, *registry.ruleFor(s, a, b), *joint))
          throw py::value_error("\"" + feature + "\" of \"" + node + "\" and \"" + targetFeature + "\" of \"" + target +
                                "\" are already joined (by a " + std::string(joint->kind()) + ")");
        joint->resolveReferences(s);
        const std::string name = joint->name;
        SceneHandle::Edit edit(*h, EditKind::Structure);
        s.constraints.push_back(std::move(joint));
        return name;
      },
      py::arg("node"), py::arg("feature"), py::arg("target"), py::arg("target_feature"),
      "Joins `feature` of `node` to `target_feature` of `target` with the constraint the window's\n"
      "snapping makes for that pair (attach-pipes for two pipe ends, attach-surface for two faces,\n"
      "a floating contact for a pipe end on a face, a point-to-point joint between solids, a nail\n"
      "for a curve's end), and returns its name; solve() closes it. ValueError when nothing joins\n"
      "them, or when a constraint of the scene already does.");
}

}  // namespace flexure::python
