"""Flexure's Python API: load, edit, solve, drag, animate, export and render scenes.

    import flexure
    scene = flexure.load("scenes/pipefitting.json")
    scene.params["pipe-bend.amount"] = 0.4
    report = scene.solve()
    scene.save("solved.json")

Every technique of Flexure (energy constraints, rigid solids, MES curves, metaball deformation)
works through the same few calls; see docs/python.md. Batches of variants on Dask live in
flexure.batch.
"""
import sys as _sys

# Inside the Flexure window the application registers the same bindings in-process under this
# name (python/src/bindings.h), so scripts there share the window's types and registries;
# everywhere else the extension module beside this file is used.
if "_flexure_embedded" in _sys.builtin_module_names:
    from _flexure_embedded import *  # noqa: F401,F403
    from _flexure_embedded import __doc__ as _native_doc  # noqa: F401
else:
    from ._flexure import *  # noqa: F401,F403
    from ._flexure import __doc__ as _native_doc  # noqa: F401

from . import batch  # noqa: E402,F401  (imports Dask only when used)

__all__ = [
    "Constraint", "Drag", "FieldError", "LoadError", "LoadWarning", "Node", "Params", "Scene", "Timeline",
    "batch", "bench", "benchmarks", "constraint_kinds", "grid_scene", "import_file", "importers", "load", "node_types",
]
