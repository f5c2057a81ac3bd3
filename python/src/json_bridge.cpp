#include "json_bridge.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

py::module_& jsonModule() {
  // Leaked on purpose: a static py::object would be released after the interpreter is gone.
  static auto* module = new py::module_(py::module_::import("json"));
  return *module;
}

}  // namespace

py::object jsonTextToPython(const std::string& text) { return jsonModule().attr("loads")(text); }

py::object toPython(const nlohmann::json& value) { return jsonTextToPython(value.dump()); }

std::string pythonToJsonText(const py::handle& value) {
  // allow_nan=False: JSON has no NaN or infinity, and a field must not hold one.
  return jsonModule().attr("dumps")(value, py::arg("allow_nan") = false).cast<std::string>();
}

}  // namespace flexure::python
