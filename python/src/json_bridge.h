#pragma once
// JSON between C++ and Python: reports and benchmark figures (nlohmann::json) become dicts
// directly; field dicts cross as the JSON text the scene file's field reader takes, through
// Python's own json module, which writes and reads doubles shortest-round-trip like the scene
// file, so values cross bit-exact.
#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <string>

namespace flexure::python {

pybind11::object toPython(const nlohmann::json& value);
pybind11::object jsonTextToPython(const std::string& text);
std::string pythonToJsonText(const pybind11::handle& value);

}  // namespace flexure::python
