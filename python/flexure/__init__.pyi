"""Type stubs of the flexure package (the bindings are in _flexure.pyi)."""
from . import batch as batch
from ._flexure import (Constraint as Constraint, Drag as Drag, FieldError as FieldError, LoadError as LoadError,
                       LoadWarning as LoadWarning, Node as Node, Params as Params, Scene as Scene,
                       Timeline as Timeline, bench as bench, benchmarks as benchmarks,
                       constraint_kinds as constraint_kinds, grid_scene as grid_scene, import_file as import_file, importers as importers,
                       load as load, node_types as node_types)
