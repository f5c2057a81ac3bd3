"""flexure.batch.map_variants on a Dask LocalCluster with two workers equals a plain loop; a
failing variant returns its error and the others go on."""
import sys

import cloudpickle

import flexure
from flexure.batch import VariantError, map_variants
from conftest import scene_path

PIPEFITTING = scene_path("pipefitting.json")
# The workers cannot import this test file: its functions travel by value, as a script's do.
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def solve_with_bend(amount):
    import flexure as f  # on the worker
    scene = f.load(PIPEFITTING)
    scene.params["pipe-bend.amount"] = amount  # raises ValueError for a NaN variant
    report = scene.solve()
    return {"amount": amount, "energy": report["energy"], "converged": report["converged"],
            "psi": scene.params.values.tolist()}


def test_local_cluster_equals_a_plain_loop():
    variants = [0.1, 0.3, float("nan"), 0.5, 0.7]
    results = map_variants(solve_with_bend, variants)  # LocalCluster, 2 worker processes
    assert len(results) == len(variants)
    for variant, result in zip(variants, results):
        if variant != variant:  # NaN: refused by the parameter checks, reported, not raised
            assert isinstance(result, VariantError)
            assert "ValueError" in result.error and "finite" in result.error
            continue
        assert result == solve_with_bend(variant)


def test_empty_batch_starts_nothing():
    assert map_variants(solve_with_bend, []) == []


def test_flexure_imports_without_dask_loaded():
    import sys
    assert hasattr(flexure, "batch")
    # map_variants imports dask.distributed itself; the module does not need it to load.
    assert "flexure.batch" in sys.modules
