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

// Built directly (no text in between): doubles cross exactly, and a solve report's conversion
// stays a few microseconds, small beside the solve (tools/bench-python.py).
py::object toPython(const nlohmann::json& value) {
  using Type = nlohmann::json::value_t;
  switch (value.type()) {
    case Type::boolean: return py::bool_(value.get<bool>());
    case Type::number_integer: return py::int_(value.get<long long>());
    case Type::number_unsigned: return py::int_(value.get<unsigned long long>());
    case Type::number_float: return py::float_(value.get<double>());
    case Type::string: return py::str(value.get_ref<const std::string&>());
    case Type::array: {
      py::list out;
      for (const nlohmann::json& item : value) out.append(toPython(item));
      return out;
    }
    case Type::object: {
      py::dict out;
      for (const auto& [key, item] : value.items()) out[py::str(key)] = toPython(item);
      return out;
    }
    default: return py::none();  // null, binary, discarded
  }
}

std::string pythonToJsonText(const py::handle& value) {
  // allow_nan=False: JSON has no NaN or infinity, and a field must not hold one.
  return jsonModule().attr("dumps")(value, py::arg("allow_nan") = false).cast<std::string>();
}

}  // namespace flexure::python
