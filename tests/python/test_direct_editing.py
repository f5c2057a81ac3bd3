"""Direct editing from a script (issue 26), the window's own code: the drag modes, a part's grips
and snapping's features and joints."""
import math

import pytest

import flexure
from conftest import scene_path


def placed_tube():
    """A tube as Add > Primitives > tube makes it: translate > rotate > tube, placement free."""
    scene = flexure.Scene()
    scene.add_node(None, "translate", name="tube-translate")
    scene.add_node("tube-translate", "rotate", name="tube-rotate")
    scene.add_node("tube-rotate", "tube", name="tube")
    return scene


def turn_degrees(scene):
    qw = scene.params["tube-rotate.qw"]
    return math.degrees(2.0 * math.acos(min(1.0, abs(qw) / math.sqrt(sum(
        scene.params["tube-rotate." + s] ** 2 for s in ("qw", "qx", "qy", "qz"))))))


def test_auto_moves_a_free_part_and_free_turns_it():
    for mode, turns in (("auto", False), ("free", True)):
        scene = placed_tube()
        start = scene.point("tube", (0, 0.25, 0.95))
        with scene.drag("tube", (0, 0.25, 0.95), mode=mode) as d:
            for k in range(1, 11):
                d.move_to(start[0], start[1] + 0.15 * k, start[2])
        assert (turn_degrees(scene) > 5.0) == turns, mode
        if not turns:
            assert turn_degrees(scene) < 0.5


def test_an_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="none of auto"):
        placed_tube().drag("tube", mode="grab")


def test_a_tube_grip_lengthens_it_with_the_other_end_held():
    scene = placed_tube()
    grips = {g["name"]: g for g in scene.grips("tube")}
    assert set(grips) == {"end +x", "end -x", "radius", "radius -y"}
    end = grips["end +x"]
    assert end["parameters"] == ["tube.length"]
    other = scene.point("tube", end["pinned"])
    p, d = end["point"], end["direction"]
    with scene.drag("tube", grip="end +x") as drag:
        drag.move_to(*(p[i] + 0.5 * d[i] for i in range(3)))
    assert scene.params["tube.length"] == pytest.approx(2.5, abs=1e-4)
    assert scene.point("tube", end["pinned"]) == pytest.approx(other, abs=1e-6)
    assert scene.params["tube.radius"] == 0.5
    with pytest.raises(ValueError, match="no grip"):
        scene.drag("tube", grip="handle")


def test_snapping_two_pipe_ends_joins_them():
    scene = flexure.load(scene_path("pipefitting.json"))
    for name in [c.name for c in scene.constraints]:
        scene.remove_constraint(name)
    names = {(f["node"], f["name"]) for f in scene.snap_features()}
    assert ("pipe", "end -x") in names and ("fixed-a", "end +x") in names
    joint = scene.snap("pipe", "end -x", "fixed-a", "end +x")
    assert joint == "snap-attach-pipes"
    assert scene.constraint(joint).kind == "attach-pipes"
    assert scene.solve()["converged"]
    ends = {(f["node"], f["name"]): f["point"] for f in scene.snap_features()}
    assert ends[("pipe", "end -x")] == pytest.approx(ends[("fixed-a", "end +x")], abs=1e-6)
    with pytest.raises(ValueError, match="nothing joins"):
        scene.snap("pipe", "end -x", "pipe", "end +x")


def test_a_curve_end_snaps_onto_a_pipe_end_once():
    """A free curve end is a snap feature; snapping it onto a pipe's end nails it there (a
    curve-thumbnail at u = 1), and the curve solver meets the nail. The same end is not nailed twice."""
    scene = flexure.load(scene_path("curve-point-force.json"))
    scene.remove_constraint(next(c.name for c in scene.constraints
                                 if c.kind == "curve-thumbnail" and c.fields["u"] == 1.0))
    scene.add_node(None, "translate", name="pipe-translate")
    scene.add_node("pipe-translate", "tube", name="pipe")
    scene.params["pipe-translate.x"] = 5.0
    scene.params["pipe-translate.y"] = 1.0
    for slot in ("pipe-translate.x", "pipe-translate.y", "pipe-translate.z"):
        scene.params.freeze(slot)
    features = {(f["node"], f["name"]): f for f in scene.snap_features()}
    assert features[("spline", "end")]["kind"] == "curve-end"
    joint = scene.snap("spline", "end", "pipe", "end -x")
    assert scene.constraint(joint).kind == "curve-thumbnail"
    assert scene.constraint(joint).fields["u"] == 1.0
    assert scene.solve()["converged"]
    ends = {(f["node"], f["name"]): f["point"] for f in scene.snap_features()}
    assert ends[("spline", "end")] == pytest.approx(ends[("pipe", "end -x")], abs=1e-6)
    with pytest.raises(ValueError, match="already joined"):
        scene.snap("spline", "end", "pipe", "end +x")
    with pytest.raises(ValueError, match="already joined"):
        scene.snap("spline", "start", "pipe", "end -x")  # the scene's own nail holds the start
