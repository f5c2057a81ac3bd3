#!/usr/bin/python3
"""Builds the pipefitting scene (Witkin, Fleischer & Barr 1987, Figure 1) from nothing, solves it
and exports it: the scene file, an OBJ mesh and (with --png) a picture.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/build_pipefitting.py --out /tmp/pipes

Two fixed pipes and a bent pipe between them; two attach-pipes energy constraints join the bent
pipe's ends to theirs, and the solver moves the bent pipe's free parameters (position, rotation,
bend) until both joints hold. Prints the solve report (JSON) on stdout.
"""
import argparse
import json
from pathlib import Path

import flexure


def frozen(**values):
    """Parameters given as frozen values (the fixed pipes do not move)."""
    return {slot: {"value": v, "frozen": True} for slot, v in values.items()}


def fixed_pipe(scene, name, at, rotation):
    """translate → rotate → tube, everything frozen."""
    x, y, z = at
    qw, qx, qy, qz = rotation
    t = scene.add_node(None, "translate", f"{name}-translate", params=frozen(x=x, y=y, z=z))
    r = scene.add_node(t, "rotate", f"{name}-rotate", params=frozen(qw=qw, qx=qx, qy=qy, qz=qz))
    scene.add_node(r, "tube", name, params=frozen(length=2, radius=0.5, thickness=0.1))


def build():
    scene = flexure.Scene()
    scene.description = "Pipefitting (Witkin, Fleischer & Barr 1987, Figure 1), built by a script"
    fixed_pipe(scene, "fixed-a", (-3, 0, 0), (1, 0, 0, 0))
    fixed_pipe(scene, "fixed-b", (0, 0, 3), (0.7071067811865476, 0, -0.7071067811865475, 0))
    # The bent pipe: every parameter free, started roughly between the two fixed pipes.
    t = scene.add_node(None, "translate", "pipe-translate", params={"x": -0.6, "y": 0.35, "z": 0.7})
    r = scene.add_node(t, "rotate", "pipe-rotate", params={"qw": 0.95, "qx": 0.05, "qy": -0.15, "qz": 0.08})
    b = scene.add_node(r, "bend", "pipe-bend", params={"start": -0.4, "stop": 0.4, "amount": 0.3})
    scene.add_node(b, "tube", "pipe", params={"length": 2.6, "radius": 0.3, "thickness": 0.05})
    # One end of the bent pipe onto the end of each fixed pipe.
    scene.add_constraint("attach-pipes", "join-a", pipe_a="pipe", end_a=-1, pipe_b="fixed-a", end_b=1)
    scene.add_constraint("attach-pipes", "join-b", pipe_a="pipe", end_a=1, pipe_b="fixed-b", end_b=-1)
    return scene


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder for pipefitting-built.json/.obj/.png")
    parser.add_argument("--png", action="store_true", help="also render a PNG (headless OpenGL)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    scene = build()
    report = scene.solve()
    scene.save(str(out / "pipefitting-built.json"))
    scene.export_obj(str(out / "pipefitting-built.obj"))
    if args.png:
        scene.render_png(str(out / "pipefitting-built.png"), size=(800, 600))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
