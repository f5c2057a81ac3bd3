"""Working with several nodes at once (issue 27): duplicate, fragments as JSON text, group and
ungroup, delete several and unwrap, through the same C++ functions as the window."""
import json

import numpy as np
import pytest

import flexure
from conftest import scene_path

PARTS = ["fixed-a-translate", "fixed-b-translate", "pipe-translate"]


@pytest.fixture
def pipe():
    return flexure.load(scene_path("pipefitting.json"))


def node_names(scene):
    return {n.name for n in scene.nodes}


def test_duplicate_renames_the_copies_and_their_constraints(pipe):
    originals = node_names(pipe)
    roots = pipe.duplicate(PARTS)
    assert roots == ["fixed-a-translate.001", "fixed-b-translate.001", "pipe-translate.001"]
    join = pipe.constraint("join-a.001")
    assert join.nodes == ["pipe.001", "fixed-a.001"]
    for name in ("join-a.001", "join-b.001"):
        assert not set(pipe.constraint(name).nodes) & originals
    # Same parent, right after the original, same values: the same place in the world.
    assert [n.name for n in pipe.root.children][:2] == ["fixed-a-translate", "fixed-a-translate.001"]
    assert pipe.params["pipe-bend.001.amount"] == pipe.params["pipe-bend.amount"]
    assert pipe.point("pipe.001", (0, 0.5, 0.5)) == pipe.point("pipe", (0, 0.5, 0.5))
    assert pipe.solve()["converged"]


def test_duplicate_drops_or_keeps_constraints_to_uncopied_parts(pipe):
    assert pipe.duplicate(["pipe"]) == ["pipe.001"]
    assert len(pipe.constraints) == 2
    assert pipe.duplicate([pipe.node("pipe-translate")], crossing="keep") == ["pipe-translate.001"]
    assert pipe.constraint("join-a.001").nodes == ["pipe.002", "fixed-a"]
    with pytest.raises(ValueError):
        pipe.duplicate(["pipe"], crossing="sometimes")
    with pytest.raises(KeyError):
        pipe.duplicate(["nothing"])


def test_fragment_text_round_trips_into_another_scene(pipe):
    text = pipe.export_fragment(PARTS)
    doc = json.loads(text)
    assert doc["format"] == "flexure-fragment" and doc["version"] == 1
    assert [c["name"] for c in doc["constraints"]] == ["join-a", "join-b"]
    empty = flexure.Scene()
    assert empty.import_fragment(text) == PARTS
    np.testing.assert_array_equal(empty.params.values, pipe.params.values)
    assert empty.export_fragment(PARTS) == text
    # Pasted three times into pipefitting: .001, .002, .003, and each solves.
    for n in (1, 2, 3):
        assert pipe.import_fragment(text) == [f"{p}.{n:03d}" for p in PARTS]
    assert pipe.solve()["converged"]
    # Under an operator.
    pasted = pipe.import_fragment(pipe.export_fragment(["fixed-a"]), parent="pipe-rotate", position=0)
    assert pipe.node(pasted[0]).parent.name == "pipe-rotate"


def test_invalid_fragment_text_is_refused_with_its_position_and_changes_nothing(pipe):
    before = pipe.to_json()
    with pytest.raises(flexure.LoadError) as caught:
        pipe.import_fragment('{"format": "flexure-fragment", "version": 1,\n "nodes": [{"type": "sphear"}]}',
                             source_name="<clipboard>")
    e = caught.value
    assert (e.file, e.line, e.column, e.path) == ("<clipboard>", 2, 21, "nodes[0].type")
    assert "unknown node type" in e.message
    with pytest.raises(flexure.LoadError):
        pipe.import_fragment("not json")
    with pytest.raises(ValueError):
        pipe.import_fragment(pipe.export_fragment(["fixed-a"]), parent="pipe")  # a primitive
    assert pipe.to_json() == before


def test_group_and_ungroup_keep_world_placement(pipe):
    points = {leaf: pipe.point(leaf, (0, 0.3, 0.7)) for leaf in ("fixed-a", "fixed-b", "pipe")}
    group = pipe.group(["fixed-b-rotate", "pipe-rotate"], placed=True, pivot=(1.0, 0.0, 2.0))
    assert group == "group" and pipe.node("group").parent.name == "group-rotate"
    for leaf, p in points.items():
        np.testing.assert_allclose(pipe.point(leaf, (0, 0.3, 0.7)), p, atol=1e-9)
    pipe.params["group-translate.x"] = 1.5  # the whole group moves by 0.5 in x
    moved = {leaf: pipe.point(leaf, (0, 0.3, 0.7)) for leaf in ("fixed-b", "pipe")}
    assert moved["pipe"][0] == pytest.approx(points["pipe"][0] + 0.5)
    # The rotates came with translates of their own (their old placements, less the pivot).
    assert pipe.ungroup("group-translate") == ["fixed-b-rotate-translate", "pipe-rotate-translate"]
    for leaf, p in moved.items():
        np.testing.assert_allclose(pipe.point(leaf, (0, 0.3, 0.7)), p, atol=1e-9)
    with pytest.raises(ValueError):
        pipe.group(["pipe", "fixed-a"])  # the bend lies between
    with pytest.raises(ValueError):
        pipe.ungroup("pipe")


def test_remove_nodes_takes_constraints_and_keys_along(pipe):
    pipe.timeline.key("pipe-bend.amount", frame=0, value=0.3)
    pipe.timeline.key("fixed-b-translate.z", frame=0, value=3.0)
    removed = pipe.remove_nodes(["pipe-translate", "fixed-a"])
    assert removed["constraints"] == ["join-a", "join-b"]
    assert "pipe-bend" in removed["nodes"] and "fixed-a" in removed["nodes"]
    assert pipe.constraints == []
    assert list(pipe.timeline.tracks) == ["fixed-b-translate.z"]
    flexure.Scene.from_json(pipe.to_json())  # still a valid scene
    sweep = flexure.load(scene_path("sweep-mes-path.json"))
    with pytest.raises(ValueError, match="reads"):
        sweep.remove_nodes(["profile"])


def test_renaming_a_node_renames_its_references(pipe):
    pipe.timeline.key("pipe.length", frame=0, value=2.6)
    pipe.node("pipe").name = "bent"
    assert pipe.constraint("join-a").nodes == ["bent", "fixed-a"]
    assert list(pipe.timeline.tracks) == ["bent.length"]
    with pytest.raises(ValueError):
        pipe.node("bent").name = "fixed-a"


def test_unwrap_keeps_the_children_in_place(pipe):
    pipe.group(["pipe-translate"], placed=True)
    pipe.params["group-translate.y"] = 0.25
    p = pipe.point("pipe", (0, 0.5, 0.5))
    for node in ("group", "group-rotate", "group-translate"):
        pipe.unwrap(node)
    assert pipe.params["pipe-translate.y"] == pytest.approx(0.35 + 0.25)
    np.testing.assert_allclose(pipe.point("pipe", (0, 0.5, 0.5)), p, atol=1e-12)
