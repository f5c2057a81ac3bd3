// The tree and the constraints: flexure.Node and flexure.Constraint are views by name into the
// scene (they stay valid across edits of other nodes); their `fields` go through the scene
// file's own field reader and writer (flexure/io/field_json.h), so every node type and
// constraint kind is covered with no per-type code here.
#include <algorithm>
#include <limits>

#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/parameter_edit.h"
#include "flexure/core/scene.h"
#include "flexure/core/scene_renaming.h"
#include "flexure/io/field_json.h"
#include "json_bridge.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

struct NodeView {
  HandlePtr handle;
  std::string name;
  Node& node() const {
    Node* n = name == "root" ? &handle->scene().root() : handle->scene().find(name);
    if (!n) throw py::key_error("no node \"" + name + "\" (it was removed or renamed)");
    return *n;
  }
};

struct ConstraintView {
  HandlePtr handle;
  std::string name;
  Constraint& constraint() const {
    for (const auto& c : handle->scene().constraints)
      if (c->name == name) return *c;
    throw py::key_error("no constraint \"" + name + "\" (it was removed or renamed)");
  }
};

std::string fieldsJson(Node& node) {
  return writeFieldsJson([&](FieldVisitor& v) { node.visitFields(v); });
}

// Merges `update` into the node's fields and reads them back through the field reader; on any
// failure the node gets its old fields back (all-or-nothing).
void setNodeFields(SceneHandle& handle, Node& node, const py::dict& update) {
  if (update.empty()) return;
  Scene& scene = handle.scene();
  const std::string before = fieldsJson(node);
  py::dict merged = jsonTextToPython(before).cast<py::dict>();
  for (const auto& [key, value] : update) merged[key] = value;
  const std::string source = "fields of \"" + node.name() + "\"";
  SceneHandle::Edit edit(handle, EditKind::Structure);
  try {
    readFieldsJson(pythonToJsonText(merged), source, [&](FieldVisitor& v) { node.visitFields(v); });
    scene.rebuildParameters();
    scene.resolveReferences();
  } catch (...) {
    readFieldsJson(before, source, [&](FieldVisitor& v) { node.visitFields(v); });
    scene.rebuildParameters();
    scene.resolveReferences();
    throw;
  }
}

void setConstraintFields(SceneHandle& handle, Constraint& c, const py::dict& update) {
  if (update.empty()) return;
  Scene& scene = handle.scene();
  const std::string before = writeFieldsJson([&](FieldVisitor& v) { c.visitFields(v); });
  py::dict merged = jsonTextToPython(before).cast<py::dict>();
  for (const auto& [key, value] : update) merged[key] = value;
  const std::string source = "fields of constraint \"" + c.name + "\"";
  SceneHandle::Edit edit(handle, EditKind::Structure);
  try {
    readFieldsJson(pythonToJsonText(merged), source, [&](FieldVisitor& v) { c.visitFields(v); });
    for (const std::string& n : c.referencedNodes())
      if (!scene.find(n)) throw FieldError("constraint \"" + c.name + "\" refers to node \"" + n + "\", which does not exist");
    c.resolveReferences(scene);
  } catch (...) {
    readFieldsJson(before, source, [&](FieldVisitor& v) { c.visitFields(v); });
    c.resolveReferences(scene);
    throw;
  }
}

// A parameter given to add_node(params=...): a number, or {"value", "frozen", "min", "max"}.
void setNodeParameter(SceneHandle& handle, Node& node, const std::string& slot, const py::handle& given) {
  const int index = node.paramIndex(slot);
  if (index < 0) throw py::key_error("node \"" + node.name() + "\" (" + std::string(node.type()) + ") has no parameter \"" + slot + "\"");
  ParameterTable& table = handle.scene().parameters();
  ParameterEdit edit = ParameterEdit::of(table, index);
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (py::isinstance<py::dict>(given)) {
    const py::dict d = given.cast<py::dict>();
    for (const auto& [key, value] : d) {
      const std::string k = key.cast<std::string>();
      if (k == "value") edit.value = value.cast<double>();
      else if (k == "frozen") edit.frozen = value.cast<bool>();
      else if (k == "min") edit.lower = value.is_none() ? -inf : value.cast<double>();
      else if (k == "max") edit.upper = value.is_none() ? inf : value.cast<double>();
      else throw py::key_error("a parameter takes value, frozen, min and max, not \"" + k + "\"");
    }
  } else {
    edit.value = given.cast<double>();
  }
  if (const auto problem = checkParameterEdit(edit)) throw py::value_error(node.name() + "." + slot + ": " + *problem);
  applyParameterEdit(table, index, edit);
}

std::vector<NodeView> viewsOf(const HandlePtr& h, const std::vector<std::unique_ptr<Node>>& nodes) {
  std::vector<NodeView> out;
  for (const auto& n : nodes) out.push_back({h, n->name()});
  return out;
}

// Nodes of `node`'s sub-tree (itself included).
void collect(const Node& node, std::vector<const Node*>& out) {
  out.push_back(&node);
  for (const auto& c : node.children()) collect(*c, out);
}

std::string uniqueConstraintName(const Scene& scene, const std::string& base) {
  auto taken = [&](const std::string& n) {
    return std::any_of(scene.constraints.begin(), scene.constraints.end(), [&](const auto& c) { return c->name == n; });
  };
  if (!taken(base)) return base;
  for (int i = 1;; ++i)
    if (!taken(base + "." + std::to_string(i))) return base + "." + std::to_string(i);
}

}  // namespace

Node& nodeOf(SceneHandle& handle, const py::handle& nameOrNode) {
  if (nameOrNode.is_none()) return handle.scene().root();
  if (py::isinstance<NodeView>(nameOrNode)) return nameOrNode.cast<NodeView&>().node();
  const std::string name = nameOrNode.cast<std::string>();
  if (name == "root") return handle.scene().root();
  Node* n = handle.scene().find(name);
  if (!n) throw py::key_error("no node \"" + name + "\"");
  return *n;
}

void defineTree(py::module_& m, SceneClass& scene) {
  py::class_<NodeView>(m, "Node",
                       "A node of the scene tree (a primitive or an operator), looked up by name on every use.")
      .def_property(
          "name", [](const NodeView& v) { return v.node().name(); },
          [](NodeView& v, const std::string& name) {
            Node& n = v.node();
            if (name == "root") throw py::value_error("the node name \"root\" is reserved for the scene root");
            if (name.empty() || (name != n.name() && v.handle->scene().find(name)))
              throw py::value_error("cannot rename to \"" + name + "\": empty or taken");
            if (name == n.name()) return;
            SceneHandle::Edit edit(*v.handle, EditKind::Structure);
            SceneRenames renames;
            renames.nodes[n.name()] = name;
            renameWithReferences(v.handle->scene(), renames);  // as the outliner's rename
            v.name = name;
          },
          "The node's unique name; assigning renames it (ValueError when empty or taken), and every\n"
          "reference to it with it: constraints' node fields, nodes that read it, keyframe tracks.")
      .def_property_readonly("type", [](const NodeView& v) { return std::string(v.node().type()); }, "The node type, as in scene files.")
      .def_property_readonly(
          "role", [](const NodeView& v) { return v.node().isPrimitive() ? "primitive" : "operator"; },
          "'primitive' (a leaf) or 'operator' (has children).")
      .def_property_readonly(
          "parent",
          [](const NodeView& v) -> py::object {
            const Node* p = v.node().parent();
            if (!p) return py::none();
            return py::cast(NodeView{v.handle, p->parent() ? p->name() : std::string("root")});
          },
          "The parent node (the root's name is 'root'), or None for the root.")
      .def_property_readonly(
          "children", [](const NodeView& v) { return viewsOf(v.handle, v.node().children()); }, "The child nodes, in order.")
      .def_property(
          "fields", [](const NodeView& v) { return jsonTextToPython(fieldsJson(v.node())); },
          [](NodeView& v, const py::dict& fields) { setNodeFields(*v.handle, v.node(), fields); },
          "The node's non-parameter fields as a dict, exactly as the scene file writes them.\n"
          "Assigning a dict updates the fields it names through the file's field reader (LoadError\n"
          "for a bad value; the node is left as it was). Returns a copy: node.fields['x'] = 1 does\n"
          "nothing, use node.set_fields(x=1).")
      .def(
          "set_fields", [](NodeView& v, const py::kwargs& fields) { setNodeFields(*v.handle, v.node(), fields); },
          "Updates the named fields: node.set_fields(closed=True). Same checks as the scene file.")
      .def_property_readonly(
          "param_names",
          [](const NodeView& v) {
            std::vector<std::string> names;
            for (const ParamSpec& s : v.node().parameterSpecs()) names.push_back(s.name);
            return names;
          },
          "The slots this node owns in Ψ (scene.params['<node>.<slot>']).")
      .def_property_readonly(
          "params",
          [](const NodeView& v) {
            const Node& n = v.node();
            const ParameterTable& t = v.handle->scene().parameters();
            py::dict d;
            for (const ParamSpec& s : n.parameterSpecs()) d[py::str(s.name)] = t.value(n.paramIndex(s.name));
            return d;
          },
          "{slot: value} of this node's parameters (a copy; write through scene.params).")
      .def(
          "__eq__", [](const NodeView& a, const NodeView& b) { return a.handle == b.handle && a.name == b.name; },
          "Two views of the same node of the same scene.")
      .def("__hash__", [](const NodeView& v) { return py::hash(py::str(v.name)); }, "Hash of the node's name.")
      .def("__repr__", [](const NodeView& v) {
        return "<flexure.Node '" + v.node().name() + "' (" + std::string(v.node().type()) + ")>";
      });

  py::class_<ConstraintView>(m, "Constraint",
                             "A constraint of the scene, looked up by name on every use. Its kind decides which\n"
                             "family solver evaluates it (energy, rigid, curves, deform).")
      .def_property_readonly("name", [](const ConstraintView& v) { return v.constraint().name; }, "The constraint's unique name.")
      .def_property_readonly(
          "kind", [](const ConstraintView& v) { return std::string(v.constraint().kind()); },
          "The kind, as in scene files ('attach-pipes', 'point-to-point', 'curve-mold', ...).")
      .def_property_readonly(
          "family", [](const ConstraintView& v) { return std::string(v.constraint().family()); },
          "The solver family that evaluates it: 'energy', 'rigid', 'curves' or 'deform'.")
      .def_property(
          "weight", [](const ConstraintView& v) { return v.constraint().weight; },
          [](ConstraintView& v, double w) {
            if (!std::isfinite(w) || w < 0) throw py::value_error("a constraint weight must be a finite number >= 0");
            Constraint& c = v.constraint();
            SceneHandle::Edit edit(*v.handle, EditKind::Structure);
            c.weight = w;
          },
          "The constraint's weight (finite, >= 0).")
      .def_property(
          "enabled", [](const ConstraintView& v) { return v.constraint().enabled; },
          [](ConstraintView& v, bool on) {
            Constraint& c = v.constraint();
            SceneHandle::Edit edit(*v.handle, EditKind::Structure);
            c.enabled = on;
          },
          "Whether solvers use it.")
      .def(
          "enable",
          [](ConstraintView& v) {
            Constraint& c = v.constraint();
            SceneHandle::Edit edit(*v.handle, EditKind::Structure);
            c.enabled = true;
          },
          "Solvers use the constraint again.")
      .def(
          "disable",
          [](ConstraintView& v) {
            Constraint& c = v.constraint();
            SceneHandle::Edit edit(*v.handle, EditKind::Structure);
            c.enabled = false;
          },
          "Solvers ignore the constraint until enable().")
      .def_property(
          "active",
          [](const ConstraintView& v) {
            const TimeInterval& t = v.constraint().active;
            return py::make_tuple(std::isinf(t.begin) ? py::object(py::none()) : py::object(py::float_(t.begin)),
                                  std::isinf(t.end) ? py::object(py::none()) : py::object(py::float_(t.end)));
          },
          [](ConstraintView& v, const py::tuple& interval) {
            if (interval.size() != 2) throw py::value_error("active takes (begin, end); None for an open end");
            TimeInterval t;
            if (!interval[0].is_none()) t.begin = interval[0].cast<double>();
            if (!interval[1].is_none()) t.end = interval[1].cast<double>();
            if (std::isnan(t.begin) || std::isnan(t.end) || t.begin > t.end)
              throw py::value_error("the active interval ends before it begins");
            Constraint& c = v.constraint();
            SceneHandle::Edit edit(*v.handle, EditKind::Structure);
            c.active = t;
          },
          "The time interval (seconds) in which it holds: (begin, end), None for an open end.")
      .def_property(
          "fields",
          [](const ConstraintView& v) {
            Constraint& c = v.constraint();
            return jsonTextToPython(writeFieldsJson([&](FieldVisitor& f) { c.visitFields(f); }));
          },
          [](ConstraintView& v, const py::dict& fields) { setConstraintFields(*v.handle, v.constraint(), fields); },
          "The kind's own fields as a dict, as the scene file writes them (a copy; assigning a dict\n"
          "updates the fields it names through the file's field reader).")
      .def(
          "set_fields", [](ConstraintView& v, const py::kwargs& fields) { setConstraintFields(*v.handle, v.constraint(), fields); },
          "Updates the named fields, checked like the scene file.")
      .def_property_readonly(
          "nodes", [](const ConstraintView& v) { return v.constraint().referencedNodes(); }, "The names of the nodes it ties.")
      .def(
          "__eq__", [](const ConstraintView& a, const ConstraintView& b) { return a.handle == b.handle && a.name == b.name; },
          "Two views of the same constraint of the same scene.")
      .def("__hash__", [](const ConstraintView& v) { return py::hash(py::str(v.name)); }, "Hash of the constraint's name.")
      .def("__repr__", [](const ConstraintView& v) {
        return "<flexure.Constraint '" + v.constraint().name + "' (" + std::string(v.constraint().kind()) + ")>";
      });

  scene.def_property_readonly(
      "root", [](const HandlePtr& h) { return NodeView{h, "root"}; }, "The root of the tree (a group named 'root').");
  scene.def_property_readonly(
      "nodes",
      [](const HandlePtr& h) {
        std::vector<NodeView> out;
        for (const Node* n : h->scene().nodes())
          if (n->parent()) out.push_back({h, n->name()});
        return out;
      },
      "Every node except the root, depth first.");
  scene.def(
      "node",
      [](const HandlePtr& h, const std::string& name) {
        return NodeView{h, nodeOf(*h, py::str(name)).parent() ? name : std::string("root")};
      },
      py::arg("name"), "The node with this name (KeyError when there is none).");
  scene.def(
      "add_node",
      [](const HandlePtr& h, const py::object& parent, const std::string& type, const py::object& name,
         const py::object& params, int position, const py::kwargs& fields) {
        Scene& s = h->scene();
        Node& parentNode = nodeOf(*h, parent);
        if (parentNode.isPrimitive())
          throw py::value_error("a primitive (\"" + parentNode.name() + "\") cannot have children");
        std::unique_ptr<Node> node = NodeRegistry::instance().create(type);
        if (!node) {
          std::string known;
          for (const std::string& t : NodeRegistry::instance().types()) known += (known.empty() ? "" : ", ") + t;
          throw py::value_error("unknown node type \"" + type + "\" (known types: " + known + ")");
        }
        if (!name.is_none()) {
          const std::string n = name.cast<std::string>();
          if (n.empty() || n == "root") throw py::value_error("a node name must not be empty or \"root\"");
          if (s.find(n)) throw py::value_error("a node named \"" + n + "\" already exists");
          node->setName(n);
        }
        // Always read, even with no fields: a type's required fields must be given.
        readFieldsJson(pythonToJsonText(fields), "fields of the new " + type, [&](FieldVisitor& v) { node->visitFields(v); });
        SceneHandle::Edit edit(*h, EditKind::Structure);
        Node& added = s.add(std::move(node), &parentNode, position);
        try {
          if (!params.is_none())
            for (const auto& [slot, value] : params.cast<py::dict>()) setNodeParameter(*h, added, slot.cast<std::string>(), value);
          s.resolveReferences();
        } catch (...) {
          s.remove(added);
          throw;
        }
        return NodeView{h, added.name()};
      },
      py::arg("parent"), py::arg("type"), py::arg("name") = py::none(), py::kw_only(), py::arg("params") = py::none(),
      py::arg("position") = -1,
      "Adds a node of `type` under `parent` (a name, a Node, or None/'root' for the root) and\n"
      "returns it. Keyword arguments are the type's fields, read by the scene file's field reader\n"
      "(LoadError for a bad value); params={'slot': value or {'value', 'frozen', 'min', 'max'}}\n"
      "sets its parameters. Without a name it is named after its type, made unique.");
  scene.def(
      "remove_node",
      [](const HandlePtr& h, const py::object& which) {
        Scene& s = h->scene();
        Node& node = nodeOf(*h, which);
        if (!node.parent()) throw py::value_error("the root cannot be removed");
        std::vector<const Node*> subtree;
        collect(node, subtree);
        for (const auto& c : s.constraints)
          for (const std::string& ref : c->referencedNodes())
            for (const Node* n : subtree)
              if (n->name() == ref)
                throw py::value_error("constraint \"" + c->name + "\" refers to \"" + ref +
                                      "\"; remove the constraint first");
        SceneHandle::Edit edit(*h, EditKind::Structure);
        s.remove(node);
        s.resolveReferences();
      },
      py::arg("node"),
      "Removes a node and its sub-tree (Ψ is re-laid out, other values kept). ValueError when a\n"
      "constraint still refers to a node of the sub-tree.");
  scene.def_property_readonly(
      "constraints",
      [](const HandlePtr& h) {
        std::vector<ConstraintView> out;
        for (const auto& c : h->scene().constraints) out.push_back({h, c->name});
        return out;
      },
      "Every constraint, in scene order.");
  scene.def(
      "constraint", [](const HandlePtr& h, const std::string& name) {
        ConstraintView v{h, name};
        v.constraint();
        return v;
      },
      py::arg("name"), "The constraint with this name (KeyError when there is none).");
  scene.def(
      "add_constraint",
      [](const HandlePtr& h, const std::string& kind, const py::object& name, double weight, bool enabled,
         const py::object& active, const py::kwargs& fields) {
        Scene& s = h->scene();
        std::unique_ptr<Constraint> c = ConstraintRegistry::instance().create(kind);
        if (!c) {
          std::string known;
          for (const std::string& k : ConstraintRegistry::instance().kinds()) known += (known.empty() ? "" : ", ") + k;
          throw py::value_error("unknown constraint kind \"" + kind + "\" (known kinds: " + known + ")");
        }
        c->name = name.is_none() ? uniqueConstraintName(s, kind) : name.cast<std::string>();
        if (c->name.empty()) throw py::value_error("a constraint name must not be empty");
        if (uniqueConstraintName(s, c->name) != c->name) throw py::value_error("a constraint named \"" + c->name + "\" already exists");
        if (!std::isfinite(weight) || weight < 0) throw py::value_error("a constraint weight must be a finite number >= 0");
        c->weight = weight;
        c->enabled = enabled;
        if (!active.is_none()) {
          const py::tuple t = active.cast<py::tuple>();
          if (t.size() != 2) throw py::value_error("active takes (begin, end); None for an open end");
          if (!t[0].is_none()) c->active.begin = t[0].cast<double>();
          if (!t[1].is_none()) c->active.end = t[1].cast<double>();
          if (!(c->active.begin <= c->active.end)) throw py::value_error("the active interval ends before it begins");
        }
        readFieldsJson(pythonToJsonText(fields), "fields of the new " + kind, [&](FieldVisitor& v) { c->visitFields(v); });
        for (const std::string& n : c->referencedNodes())
          if (!s.find(n)) throw py::value_error("constraint \"" + c->name + "\" refers to node \"" + n + "\", which does not exist");
        c->resolveReferences(s);
        SceneHandle::Edit edit(*h, EditKind::Structure);
        s.constraints.push_back(std::move(c));
        return ConstraintView{h, s.constraints.back()->name};
      },
      py::arg("kind"), py::arg("name") = py::none(), py::kw_only(), py::arg("weight") = 1.0, py::arg("enabled") = true,
      py::arg("active") = py::none(),
      "Adds a constraint of `kind` and returns it. Keyword arguments are the kind's fields (node\n"
      "references by name, surface points {'patch', 'u', 'v'}, targets ...), read by the scene\n"
      "file's field reader; weight, enabled and active=(begin, end) as in the file.");
  scene.def(
      "remove_constraint",
      [](const HandlePtr& h, const std::string& name) {
        Scene& s = h->scene();
        auto it = std::find_if(s.constraints.begin(), s.constraints.end(), [&](const auto& c) { return c->name == name; });
        if (it == s.constraints.end()) throw py::key_error("no constraint \"" + name + "\"");
        SceneHandle::Edit edit(*h, EditKind::Structure);
        s.constraints.erase(it);
      },
      py::arg("name"), "Removes a constraint.");
}

}  // namespace flexure::python
