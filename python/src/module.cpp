// The extension module flexure._flexure; the package (python/flexure/__init__.py) re-exports it.
#include "bindings.h"

PYBIND11_MODULE(_flexure, m) { flexure::python::defineModule(m); }
