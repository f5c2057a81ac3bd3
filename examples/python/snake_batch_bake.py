#!/usr/bin/python3
"""A batch bake of variants of the flying snake (Gascuel & Gascuel 1994, Fig. 5) on Dask: gravity
and how far the rod slides, each variant baked on a worker, figures gathered in order.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/snake_batch_bake.py --out snake.json
    PYTHONPATH=build/python /usr/bin/python3 examples/python/snake_batch_bake.py --scheduler tcp://host:8786

Without --scheduler a LocalCluster with two worker processes runs on this machine; with one, the
variants go to a running Dask cluster (docs/python.md: `dask scheduler`, `dask worker`).
"""
import argparse
import json
import os
from pathlib import Path

SCENE = str(Path(__file__).resolve().parents[2] / "scenes" / "anim-snake.json")


def bake_variant(variant):
    """Loads the snake, applies the variant, bakes, and returns the figures of the run."""
    import flexure  # on the worker

    scene = flexure.load(variant["scene"])
    scene.set_settings("rigid", gravity=[0.0, -variant["gravity"], 0.0])
    scene.timeline.key("rod.x", time=1.0, value=variant["slide"], interpolation="bezier")
    lines = scene.bake(0, variant["frames"])
    head = [scene.params[f"head.{a}"] for a in ("x", "y", "z")]
    return {
        "gravity": variant["gravity"],
        "slide": variant["slide"],
        "frames": len(lines),
        "converged_frames": sum(1 for l in lines if l["converged"]),
        "max_violation": max(l["max_violation"] for l in lines),
        "head_at_end": head,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="snake-variants.json")
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler address (default: a LocalCluster)")
    args = parser.parse_args()
    quick = os.environ.get("FLEXURE_EXAMPLE_QUICK") == "1"
    frames = 10 if quick else 125
    gravities = [4.9, 9.81] if quick else [1.62, 3.71, 9.81, 24.79]  # Moon, Mars, Earth, Jupiter
    slides = [1.0] if quick else [0.5, 1.0, 1.5]
    variants = [{"scene": SCENE, "gravity": g, "slide": s, "frames": frames} for g in gravities for s in slides]

    from flexure.batch import VariantError, map_variants
    results = map_variants(bake_variant, variants, client=args.scheduler)
    rows = [{"variant": v, "error": r.error} if isinstance(r, VariantError) else r for v, r in zip(variants, results)]
    Path(args.out).write_text(json.dumps(rows, indent=2))
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
