#!/usr/bin/python3
"""A design sweep over the cam-rocker (Witkin, Fleischer & Barr 1987, Figure 3): how far does the
follower lift over a full turn of the cam, for each cam eccentricity? Writes a matplotlib PNG
(lift against cam angle, one curve per eccentricity) and prints [{eccentricity, lift}] as JSON.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/cam_rocker_sweep.py --out sweep.png

For each eccentricity (the cam's offset from the camshaft, `cam-offset.x`) the camshaft is turned
step by step (`cam-rotate`, a quaternion about y) and the energy solver settles the rocker on the
cam (a collision constraint) against the valve spring; the follower's height is read off the
rocker's rotation.
"""
import argparse
import json
import math
import os
from pathlib import Path

import numpy as np

import flexure

SCENE = Path(__file__).resolve().parents[2] / "scenes" / "cam-rocker.json"
FULCRUM = np.array([-1.6, 0.0, 1.45])   # fulcrum translate of the scene
FOLLOWER_ARM = np.array([1.6, 0.0, 0.0])  # follower-offset under the rocker


def rotate(q, v):
    """v rotated by the unit quaternion q = (w, x, y, z)."""
    w, u = q[0], np.array(q[1:])
    return v + 2.0 * np.cross(u, np.cross(u, v) + w * v)


def follower_height(scene):
    p = scene.params
    q = np.array([p["rocker-rotate.qw"], p["rocker-rotate.qx"], p["rocker-rotate.qy"], p["rocker-rotate.qz"]])
    q /= np.linalg.norm(q)
    return float((FULCRUM + rotate(q, FOLLOWER_ARM))[2])


def sweep(eccentricity, steps):
    scene = flexure.load(str(SCENE))
    scene.params["cam-offset.x"] = eccentricity  # frozen for the solver, not for the designer
    heights = []
    for k in range(steps + 1):
        angle = 2.0 * math.pi * k / steps
        p = scene.params
        p["cam-rotate.qw"], p["cam-rotate.qx"] = math.cos(angle / 2), 0.0
        p["cam-rotate.qy"], p["cam-rotate.qz"] = math.sin(angle / 2), 0.0
        scene.solve()  # from the previous angle's configuration
        heights.append(follower_height(scene))
    return np.array(heights)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="cam-rocker-sweep.png")
    args = parser.parse_args()
    quick = os.environ.get("FLEXURE_EXAMPLE_QUICK") == "1"  # the test suite's short run
    eccentricities = [0.1, 0.3] if quick else [0.05, 0.1, 0.2, 0.3, 0.4]
    steps = 8 if quick else 36

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    angles = np.linspace(0.0, 360.0, steps + 1)
    rows = []
    for e in eccentricities:
        heights = sweep(e, steps)
        lift = float(heights.max() - heights.min())
        rows.append({"eccentricity": e, "lift": lift})
        ax.plot(angles, heights - heights.min(), label=f"e = {e:g} (lift {lift:.3f})")
    ax.set_xlabel("cam angle (degrees)")
    ax.set_ylabel("follower lift above its lowest point")
    ax.set_title("Cam-rocker: follower lift over a full turn")
    ax.legend()
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
