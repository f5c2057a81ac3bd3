// scene.params: Ψ by name, and as numpy arrays. Every write goes through core's
// checkParameterEdit / checkParameterValues, the rules of the property editor.
#include <cstring>
#include <limits>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/core/parameter_edit.h"
#include "flexure/core/scene.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

// scene.params: a live view, never a copy of the scene's state.
struct Params {
  HandlePtr handle;
  ParameterTable& table() { return handle->scene().parameters(); }
};

int indexOf(const ParameterTable& table, const py::handle& key) {
  if (py::isinstance<py::int_>(key)) {
    int i = key.cast<int>();
    if (i < 0) i += table.size();
    if (i < 0 || i >= table.size()) throw py::index_error("parameter index out of range");
    return i;
  }
  const std::string name = key.cast<std::string>();
  const int i = table.find(name);
  if (i < 0) throw py::key_error("no parameter \"" + name + "\" (names are \"<node>.<slot>\"; see params.names)");
  return i;
}

void applyChecked(SceneHandle& handle, int index, ParameterEdit edit, EditKind kind) {
  if (const auto problem = checkParameterEdit(edit))
    throw py::value_error(handle.scene().parameters().info(index).qualifiedName() + ": " + *problem);
  SceneHandle::Edit scope(handle, kind);
  applyParameterEdit(handle.scene().parameters(), index, edit);
}

}  // namespace

void defineParams(py::module_& m, SceneClass& scene) {
  py::class_<Params>(m, "Params",
                     "Ψ, the scene's flat vector of model parameters, by name ('<node>.<slot>') or index.\n"
                     "Writes follow the property editor's rules: finite values only, clamped into the\n"
                     "entry's bounds; frozen entries may be set (freezing only tells solvers to leave them).")
      .def("__len__", [](Params& p) { return p.table().size(); }, "The number of parameters in Ψ.")
      .def(
          "__getitem__", [](Params& p, const py::handle& key) { return p.table().value(indexOf(p.table(), key)); },
          py::arg("key"), "The value of a parameter, by name or index.")
      .def(
          "__setitem__",
          [](Params& p, const py::handle& key, double value) {
            const int i = indexOf(p.table(), key);
            ParameterEdit edit = ParameterEdit::of(p.table(), i);
            edit.value = value;
            applyChecked(*p.handle, i, edit, EditKind::Values);
          },
          py::arg("key"), py::arg("value"),
          "Sets a parameter (clamped into its bounds); ValueError for NaN or infinity.")
      .def(
          "__contains__", [](Params& p, const std::string& name) { return p.table().find(name) >= 0; },
          "Whether a parameter of this name exists.")
      .def(
          "__iter__", [](Params& p) { return py::iter(py::cast(p).attr("names")); }, "Iterates over the names, in Ψ order.")
      .def(
          "index", [](Params& p, const std::string& name) { return indexOf(p.table(), py::str(name)); }, py::arg("name"),
          "The index in Ψ of a parameter (positions change when nodes are added or removed).")
      .def_property_readonly(
          "names",
          [](Params& p) {
            const ParameterTable& t = p.table();
            std::vector<std::string> names;
            names.reserve(static_cast<std::size_t>(t.size()));
            for (int i = 0; i < t.size(); ++i) names.push_back(t.info(i).qualifiedName());
            return names;
          },
          "Every parameter's name, '<node>.<slot>', in Ψ order.")
      .def_property(
          "values",
          [](Params& p) {
            const Eigen::VectorXd& v = p.table().values();
            py::array_t<double> out(v.size());
            std::memcpy(out.mutable_data(), v.data(), static_cast<std::size_t>(v.size()) * sizeof(double));
            return out;
          },
          [](Params& p, const py::array_t<double, py::array::c_style | py::array::forcecast>& values) {
            if (values.ndim() != 1) throw py::value_error("params.values takes a one-dimensional array");
            Eigen::VectorXd next(values.size());
            std::memcpy(next.data(), values.data(), static_cast<std::size_t>(values.size()) * sizeof(double));
            if (const auto problem = checkParameterValues(p.table(), next)) throw py::value_error(*problem);
            SceneHandle::Edit scope(*p.handle, EditKind::Values);
            p.table().values() = std::move(next);
          },
          "Ψ as a numpy float64 array (a copy: one memcpy). Assigning an array of the same length\n"
          "sets every value at once, checked (all finite) and clamped into the bounds.")
      .def_property(
          "frozen",
          [](Params& p) {
            const ParameterTable& t = p.table();
            py::array_t<bool> out(t.size());
            bool* data = out.mutable_data();
            for (int i = 0; i < t.size(); ++i) data[i] = t.isFrozen(i);
            return out;
          },
          [](Params& p, const py::array_t<bool, py::array::c_style | py::array::forcecast>& flags) {
            ParameterTable& t = p.table();
            if (flags.ndim() != 1 || flags.size() != t.size())
              throw py::value_error("params.frozen takes one flag per parameter (" + std::to_string(t.size()) + ")");
            SceneHandle::Edit scope(*p.handle, EditKind::Structure);
            for (int i = 0; i < t.size(); ++i) t.setFrozen(i, flags.data()[i]);
          },
          "The frozen flags as a numpy bool array (a copy); assign an array to set them all.")
      .def_property_readonly(
          "bounds",
          [](Params& p) {
            const ParameterTable& t = p.table();
            py::array_t<double> out({static_cast<py::ssize_t>(t.size()), py::ssize_t{2}});
            auto r = out.mutable_unchecked<2>();
            for (int i = 0; i < t.size(); ++i) {
              r(i, 0) = t.info(i).lower;
              r(i, 1) = t.info(i).upper;
            }
            return out;
          },
          "(lower, upper) of every parameter as an (n, 2) numpy array; ±inf where unbounded.")
      .def(
          "freeze",
          [](Params& p, const py::handle& key, bool frozen) {
            const int i = indexOf(p.table(), key);
            ParameterEdit edit = ParameterEdit::of(p.table(), i);
            edit.frozen = frozen;
            applyChecked(*p.handle, i, edit, EditKind::Structure);
          },
          py::arg("key"), py::arg("frozen") = true, "Freezes (or with frozen=False frees) one parameter.")
      .def(
          "set_bounds",
          [](Params& p, const py::handle& key, const py::object& lower, const py::object& upper) {
            const int i = indexOf(p.table(), key);
            ParameterEdit edit = ParameterEdit::of(p.table(), i);
            constexpr double inf = std::numeric_limits<double>::infinity();
            edit.lower = lower.is_none() ? -inf : lower.cast<double>();
            edit.upper = upper.is_none() ? inf : upper.cast<double>();
            applyChecked(*p.handle, i, edit, EditKind::Structure);
          },
          py::arg("key"), py::arg("lower") = py::none(), py::arg("upper") = py::none(),
          "Sets both bounds (None: unbounded); the value is clamped into them. ValueError when\n"
          "lower > upper or a bound is NaN.")
      .def(
          "info",
          [](Params& p, const py::handle& key) {
            const ParameterTable& t = p.table();
            const int i = indexOf(t, key);
            py::dict d;
            d["name"] = t.info(i).qualifiedName();
            d["index"] = i;
            d["value"] = t.value(i);
            d["frozen"] = t.isFrozen(i);
            d["lower"] = t.info(i).lower;
            d["upper"] = t.info(i).upper;
            return d;
          },
          py::arg("key"), "{name, index, value, frozen, lower, upper} of one parameter.")
      .def("to_dict", [](Params& p) {
        const ParameterTable& t = p.table();
        py::dict d;
        for (int i = 0; i < t.size(); ++i) d[py::str(t.info(i).qualifiedName())] = t.value(i);
        return d;
      }, "{name: value} of every parameter.")
      .def("__repr__", [](Params& p) { return "<flexure.Params: " + std::to_string(p.table().size()) + " parameters>"; });

  scene.def_property_readonly(
      "params", [](const HandlePtr& h) { return Params{h}; }, "Ψ: see flexure.Params.");
}

}  // namespace flexure::python
