"""Every example in examples/python runs (quick settings) and writes what it promises."""
import json
import os
import subprocess
import sys

from conftest import SOURCE_DIR

EXAMPLES = SOURCE_DIR / "examples" / "python"


def run_example(name, *args):
    env = dict(os.environ, FLEXURE_EXAMPLE_QUICK="1")
    r = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    return r


def test_every_example_has_a_test():
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == ["build_pipefitting.py", "cam_rocker_sweep.py",
                                                               "snake_batch_bake.py"]


def test_cam_rocker_sweep(tmp_path):
    out = tmp_path / "sweep.png"
    r = run_example("cam_rocker_sweep.py", "--out", str(out))
    assert out.stat().st_size > 1000 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    sweep = json.loads(r.stdout)
    lifts = [row["lift"] for row in sweep]
    assert lifts == sorted(lifts) and lifts[-1] > lifts[0]  # more eccentricity, more lift


def test_snake_batch_bake(tmp_path):
    r = run_example("snake_batch_bake.py", "--out", str(tmp_path / "snake.json"))
    results = json.loads((tmp_path / "snake.json").read_text())
    assert len(results) >= 2 and all("error" not in v for v in results), r.stdout


def test_build_pipefitting(tmp_path):
    r = run_example("build_pipefitting.py", "--out", str(tmp_path))
    report = json.loads(r.stdout)
    assert report["converged"]
    for name in ("pipefitting-built.json", "pipefitting-built.obj"):
        assert (tmp_path / name).stat().st_size > 0


def test_bench_python_prints_its_keys():
    r = subprocess.run([sys.executable, str(SOURCE_DIR / "tools" / "bench-python.py"), "--quick"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    figures = json.loads(r.stdout)["python"]
    assert {"solve_pipefitting", "params_values_20000"} <= set(figures)
    assert figures["params_values_20000"]["parameters"] == 20000
    assert figures["solve_pipefitting"]["overhead_ratio"] > 0
