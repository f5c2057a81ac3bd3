"""Batches of scene variants on Dask (Debian's python3-distributed).

    import flexure
    from flexure.batch import map_variants

    def lift(eccentricity):
        scene = flexure.load("scenes/cam-rocker.json")
        scene.params["cam-offset.x"] = eccentricity
        return scene.solve()

    results = map_variants(lift, [0.1, 0.2, 0.3])            # a LocalCluster on this machine
    results = map_variants(lift, variants, client="tcp://scheduler:8786")   # a real cluster

On other machines, start a scheduler and workers (each worker needs Flexure's Python module on
its PYTHONPATH and the scene files at the same paths):

    dask scheduler                          # prints tcp://HOST:8786
    dask worker tcp://HOST:8786 --nworkers 2 --nthreads 1

and pass client="tcp://HOST:8786" (or a dask.distributed.Client). docs/python.md has the details.
"""
from __future__ import annotations

import traceback as _traceback
from typing import Any, Callable, Iterable, List, Union

__all__ = ["VariantError", "map_variants"]


class VariantError(Exception):
    """What map_variants returns in place of the result of a variant whose function raised.

    Attributes: variant (the input), error (the exception's type and message, "ValueError: ..."),
    traceback (the formatted traceback, from the worker).
    """

    def __init__(self, variant: Any, error: str, traceback: str = ""):
        super().__init__(error)
        self.variant = variant
        self.error = error
        self.traceback = traceback

    def __reduce__(self):  # crosses process boundaries intact
        return (VariantError, (self.variant, self.error, self.traceback))

    def __repr__(self) -> str:
        return f"VariantError({self.variant!r}, {self.error!r})"


class _Guarded:
    """fn wrapped so that an exception becomes the variant's result instead of failing the batch."""

    def __init__(self, fn: Callable[[Any], Any]):
        self.fn = fn

    def __call__(self, variant: Any) -> Any:
        try:
            return self.fn(variant)
        except Exception as e:  # noqa: BLE001 - every failure is reported, none stops the batch
            return VariantError(variant, f"{type(e).__name__}: {e}", _traceback.format_exc())


def map_variants(fn: Callable[[Any], Any], variants: Iterable[Any], client: Union[None, str, Any] = None,
                 n_workers: int = 2) -> List[Any]:
    """Runs fn(variant) for every variant on Dask and returns the results in the order of `variants`.

    fn is typically "load a scene, set parameters, solve or bake, return figures" (a dict); it
    must be picklable by cloudpickle (a module-level function or a lambda) and import flexure
    itself on the worker. A variant whose fn raises (or whose worker dies) gives a VariantError
    in its place; the others go on.

    client: None starts a dask.distributed.LocalCluster on this machine (n_workers worker
    processes, one thread each: solves release the GIL, but processes also isolate crashes) and
    closes it afterwards; a scheduler address string ("tcp://host:8786") connects to a running
    cluster; a dask.distributed.Client is used as it is.
    """
    variants = list(variants)
    if not variants:
        return []
    from dask.distributed import Client, LocalCluster  # imported here: `import flexure` stays light

    owned = []
    if client is None:
        cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
        owned = [client, cluster]
    elif isinstance(client, str):
        client = Client(client)
        owned = [client]
    try:
        guarded = _Guarded(fn)
        futures = client.map(guarded, variants, pure=False)
        results: List[Any] = []
        for variant, future in zip(variants, futures):
            try:
                results.append(future.result())
            except Exception as e:  # noqa: BLE001 - a dead worker, a result that cannot be sent back
                results.append(VariantError(variant, f"{type(e).__name__}: {e}"))
        return results
    finally:
        for thing in owned:
            thing.close()


