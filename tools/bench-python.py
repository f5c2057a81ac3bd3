#!/usr/bin/python3
"""Benchmarks of the flexure Python module, printed as one JSON document {"python": {...}}, the
shape of `flexure-cli bench NAME` (which cannot run Python itself). Run from a build:

    PYTHONPATH=build/python /usr/bin/python3 tools/bench-python.py [--quick]

Keys (docs/python.md, "Performance"):
  solve_pipefitting: scene.solve() on scenes/pipefitting.json timed from Python (wall clock
    around the call) against the same C++ path timed in C++ (solveScene, summarizeReports, the
    report's text: what `flexure-cli solve` runs); `overhead_ratio` = python / C++ (1.10 would be
    10 % more), medians over alternating repetitions.
  params_values_20000: reading scene.params.values (a numpy copy) and assigning it back (checked
    and clamped like the property editor) on the 20,000-parameter grid scene, in milliseconds
    (median and best).
"""
import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import flexure

SCENES = Path(__file__).resolve().parents[1] / "scenes"


def bench_solve(repetitions):
    # Alternating runs from the same file: scene.solve() timed in Python (the whole call: the
    # solvers, the report as a dict, crossing the binding) against the same C++ path timed in
    # C++ (solveScene + summarizeReports + the report's JSON text: what `flexure-cli solve` runs).
    text = (SCENES / "pipefitting.json").read_text()
    python_s, cpp_s = [], []
    for _ in range(repetitions):
        scene = flexure.Scene.from_json(text)
        t0 = time.perf_counter()
        scene.solve()
        python_s.append(time.perf_counter() - t0)
        cpp_s.append(flexure.Scene.from_json(text)._cpp_solve_seconds())
    py_med, cpp_med = statistics.median(python_s), statistics.median(cpp_s)
    return {"repetitions": repetitions, "python_seconds_median": py_med, "cpp_seconds_median": cpp_med,
            "overhead_ratio": py_med / cpp_med, "within_10_percent": py_med <= 1.10 * cpp_med}


def bench_values(repetitions):
    scene = flexure.grid_scene(100, 50)
    params = scene.params
    assert len(params) == 20000, len(params)
    times = []
    for _ in range(repetitions):
        t0 = time.perf_counter()
        values = params.values
        values[0] += 1e-9
        params.values = values
        times.append(time.perf_counter() - t0)
    return {"parameters": len(params), "repetitions": repetitions,
            "read_write_ms_median": statistics.median(times) * 1e3, "read_write_ms_best": min(times) * 1e3,
            "under_1_ms": statistics.median(times) < 1e-3}


def main():
    parser = argparse.ArgumentParser(description="flexure Python module benchmarks (JSON on stdout)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (CI smoke runs)")
    args = parser.parse_args()
    print("bench: running python" + (" (quick)" if args.quick else "") + "...", file=sys.stderr)
    out = {"python": {"solve_pipefitting": bench_solve(3 if args.quick else 15),
                      "params_values_20000": bench_values(50 if args.quick else 1000)}}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
