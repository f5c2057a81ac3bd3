"""scene.solve() is `flexure-cli solve`: the same report and the same Ψ (the same saved bytes)."""
import json
import threading

import numpy as np
import pytest

import flexure
from conftest import run_cli, scene_path, without_timing


@pytest.mark.parametrize("name,options", [
    ("pipefitting.json", {}),
    ("pipefitting.json", {"method": "paper", "max_iterations": 50}),
    ("cam-rocker.json", {}),
    ("snake.json", {}),
    ("mold-concave.json", {}),
    ("metaball-z-letter.json", {}),
])
def test_solve_matches_the_cli(name, options, scratch):
    args = ["solve", scene_path(name), "-o", str(scratch / "cli.json")]
    if "method" in options:
        args += ["--method", options["method"]]
    if "max_iterations" in options:
        args += ["--max-iterations", str(options["max_iterations"])]
    cli = run_cli(*args)
    cli_report = json.loads(cli.stdout)
    scene = flexure.load(scene_path(name))
    report = scene.solve(**options)
    assert without_timing(report) == without_timing(cli_report)
    scene.save(str(scratch / "python.json"))
    assert (scratch / "python.json").read_bytes() == (scratch / "cli.json").read_bytes()
    assert report["converged"] == (cli.returncode == 0)


def test_solve_options_are_checked():
    scene = flexure.load(scene_path("pipefitting.json"))
    with pytest.raises(ValueError):
        scene.solve(method="fast")
    with pytest.raises(ValueError):
        scene.solve(max_iterations=0)
    with pytest.raises(ValueError):
        scene.solve(tolerance=-1)


def test_threads_solve_different_scenes_side_by_side():
    # The GIL is released while solving; each thread has its own scene. Results equal a serial run.
    serial = []
    for _ in range(2):
        s = flexure.load(scene_path("cam-rocker.json"))
        s.solve()
        serial.append(s.params.values)
    scenes = [flexure.load(scene_path("cam-rocker.json")) for _ in range(2)]
    errors = []

    def work(s):
        try:
            s.solve()
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in scenes]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for s, expected in zip(scenes, serial):
        np.testing.assert_array_equal(s.params.values, expected)


def test_one_scene_is_not_solved_by_two_threads_at_once():
    scene = flexure.load(scene_path("cam-rocker.json"))
    started = threading.Event()
    outcome = {}

    def work():
        started.set()
        scene.solve()

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    # Either the solve is still running (the scene refuses) or it already finished (fine).
    try:
        scene.params["cam-offset.x"]
        outcome["ok"] = True
    except RuntimeError as e:
        outcome["busy"] = str(e)
    t.join()
    assert "ok" in outcome or "another thread" in outcome["busy"]
