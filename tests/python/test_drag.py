"""Dragging from a script with every technique, through the window's part drags; the drag keeps
the technique's constraints."""
import numpy as np
import pytest

import flexure
from conftest import scene_path


def residuals_met(report, names=None):
    return all(r["satisfied"] for r in report["residuals"] if names is None or r["name"] in names)


def test_energy_drag_keeps_the_joints():
    scene = flexure.load(scene_path("pipefitting.json"))
    assert scene.solve()["converged"]
    start = np.array(scene.point("pipe", (0, 0.5, 0.5)))
    with scene.drag("pipe", (0, 0.5, 0.5)) as d:
        assert d.kind == "energy spring"
        # Along x the joined pipe can follow part of the way (along y its joints hold this point).
        for k in range(1, 6):
            status = d.move_to(*(start + np.array([0.06 * k, 0.0, 0.0])))
        assert not status["pinned"]
        assert np.linalg.norm(np.array(status["point"]) - start) > 0.05
        # Both joints hold the pipe: the spring pulls (E_user > 0) where the model cannot follow.
        assert status["user_energy"] > 0 and status["constraint_energy"] < 1e-6
    report = scene.solve()
    assert report["converged"] and residuals_met(report, {"join-a", "join-b"})
    assert [c.name for c in scene.constraints] == ["join-a", "join-b"]  # nothing left behind


def test_energy_drag_moves_a_free_model():
    scene = flexure.load(scene_path("pipe.json"))
    start = np.array(scene.point("bent-pipe-tube", (0, 0.5, 0.5)))
    target = start + np.array([0.0, 0.0, 0.5])
    with scene.drag("bent-pipe-tube", (0, 0.5, 0.5)) as d:
        for k in range(1, 11):
            d.move_to(*(start + (target - start) * k / 10))
    after = np.array(scene.point("bent-pipe-tube", (0, 0.5, 0.5)))
    assert np.linalg.norm(after - target) < np.linalg.norm(start - target) / 2  # the pipe followed


def test_solid_drag_keeps_the_joints():
    scene = flexure.load(scene_path("snake.json"))
    scene.solve()
    start = np.array(scene.point("head.shape1", (0, 0.5, 0.5)))
    with scene.drag("head.shape1", (0, 0.5, 0.5)) as d:
        assert d.kind == "solid mouse constraint"
        status = d.move_to(*(start + np.array([0.0, 0.3, 0.2])))
        assert "report" in status
        during = [c.name for c in scene.constraints]
    assert len(during) == len(scene.constraints) + 1  # the temporary mouse joint is gone
    moved = np.array(scene.point("head.shape1", (0, 0.5, 0.5)))
    assert np.linalg.norm(moved - start) > 0.05
    report = scene.solve()
    assert residuals_met(report, {"tail-body1", "body1-body2", "body2-body3", "body3-body4", "body4-head"})


def test_curve_drag_stays_in_the_mold():
    scene = flexure.load(scene_path("mold-concave.json"))
    scene.solve()
    start = np.array(scene.point("spline", (0, 0.5, 0.0)))
    with scene.drag("spline", (0, 0.5, 0.0)) as d:
        assert d.kind == "curve rubberband"
        status = d.move_to(*(start + np.array([0.0, 1.0, 0.0])))
        report = status["report"]
        assert report["converged"] and residuals_met(report, {"mold", "left-nail", "right-nail"})
        during = np.array(scene.point("spline", (0, 0.5, 0.0)))
        assert np.linalg.norm(during - start) > 0.05  # the curve followed as far as the mold lets it
    report = scene.solve()  # the rubberband is gone: the curve settles back, still in its mold
    assert residuals_met(report, {"mold", "left-nail", "right-nail"})
    assert "curve-rubberband" not in [c.kind for c in scene.constraints]


def test_metaball_drag_moves_the_handle():
    scene = flexure.load(scene_path("metaball-z-letter.json"))
    p = scene.params
    before = np.array([p["deform.0.dx"], p["deform.0.dy"], p["deform.0.dz"]])
    with scene.drag("deform", (0, 0.0, 0.0)) as d:
        assert d.kind == "metaball displacement"
        start = np.array(d.status["point"])
        d.move_to(*(np.array([1.0, 2.0, 3.0])))
    after = np.array([p["deform.0.dx"], p["deform.0.dy"], p["deform.0.dz"]])
    # The handle (pivot + displacement) is where it was moved to: dD changed by the move.
    free = ~np.array([p.frozen[p.index(f"deform.0.{a}")] for a in ("dx", "dy", "dz")])
    assert np.any(free)
    assert not np.allclose(after[free], before[free])
    del start


def test_drag_errors():
    scene = flexure.load(scene_path("pipefitting.json"))
    with pytest.raises(KeyError):
        with scene.drag("nobody"):
            pass
    d = scene.drag("pipe")
    with pytest.raises(RuntimeError):
        d.move_to(0, 0, 0)  # outside the with block
