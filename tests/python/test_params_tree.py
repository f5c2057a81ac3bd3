"""Ψ through scene.params (checked like the property editor) and the tree: nodes, fields through
the scene file's field visitor, adding and removing nodes and constraints."""
import math

import numpy as np
import pytest

import flexure
from conftest import scene_path


@pytest.fixture
def pipe():
    return flexure.load(scene_path("pipefitting.json"))


def test_params_by_name_and_index(pipe):
    p = pipe.params
    assert len(p) == len(p.names) == p.values.shape[0]
    assert p["pipe-bend.amount"] == 0.3
    i = p.index("pipe-bend.amount")
    assert p[i] == 0.3 and p.names[i] == "pipe-bend.amount"
    p["pipe-bend.amount"] = 0.4
    assert p["pipe-bend.amount"] == 0.4 and p.values[i] == 0.4
    assert "pipe-bend.amount" in p and "nope.x" not in p
    with pytest.raises(KeyError):
        p["nope.x"]
    assert list(p) == p.names
    assert p.info("pipe-bend.amount")["value"] == 0.4


def test_writes_follow_the_property_editor(pipe):
    p = pipe.params
    before = p.values.copy()
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError):
            p["pipe-bend.amount"] = bad
    np.testing.assert_array_equal(p.values, before)
    p.set_bounds("pipe-bend.amount", 0.0, 0.5)
    p["pipe-bend.amount"] = 2.0  # clamped into the bounds, as the spin box does
    assert p["pipe-bend.amount"] == 0.5
    assert tuple(p.bounds[p.index("pipe-bend.amount")]) == (0.0, 0.5)
    with pytest.raises(ValueError):
        p.set_bounds("pipe-bend.amount", 1.0, 0.0)
    p.set_bounds("pipe-bend.amount", None, None)
    assert tuple(p.bounds[p.index("pipe-bend.amount")]) == (-math.inf, math.inf)
    # Frozen entries may still be set: freezing only tells solvers to leave them.
    p.freeze("pipe-bend.amount")
    assert p.frozen[p.index("pipe-bend.amount")]
    p["pipe-bend.amount"] = 0.25
    assert p["pipe-bend.amount"] == 0.25
    p.freeze("pipe-bend.amount", False)
    assert not p.frozen[p.index("pipe-bend.amount")]


def test_values_array_round_trip_and_checks(pipe):
    p = pipe.params
    v = p.values
    assert v.dtype == np.float64
    v2 = v + 0.01
    p.values = v2
    np.testing.assert_array_equal(p.values, v2)
    bad = v2.copy()
    bad[3] = math.nan
    with pytest.raises(ValueError, match=p.names[3]):
        p.values = bad
    np.testing.assert_array_equal(p.values, v2)  # refused as a whole
    with pytest.raises(ValueError):
        p.values = v2[:-1]
    frozen = p.frozen
    p.frozen = ~frozen
    np.testing.assert_array_equal(p.frozen, ~frozen)
    assert p.bounds.shape == (len(p), 2)


def test_values_view_is_a_copy_that_never_dangles(pipe):
    v = pipe.params.values
    pipe.add_node(None, "sphere", "extra")
    assert v.shape[0] == len(pipe.params) - 1  # old copy unchanged in size


def test_tree_and_fields(pipe):
    names = [n.name for n in pipe.nodes]
    assert names[:3] == ["fixed-a-translate", "fixed-a-rotate", "fixed-a"]
    pipe_node = pipe.node("pipe")
    assert pipe_node.type == "tube" and pipe_node.role == "primitive"
    assert pipe_node.parent.name == "pipe-bend"
    assert [c.name for c in pipe.node("pipe-translate").children] == ["pipe-rotate"]
    assert pipe_node.param_names == ["length", "radius", "thickness"]
    assert pipe_node.params["length"] == 2.6
    join = pipe.constraint("join-a")
    assert join.kind == "attach-pipes" and join.family == "energy"
    assert join.fields == {"pipe_a": "pipe", "end_a": -1, "pipe_b": "fixed-a", "end_b": 1}
    assert sorted(join.nodes) == ["fixed-a", "pipe"]


def test_field_edits_go_through_the_file_reader(pipe):
    join = pipe.constraint("join-a")
    join.set_fields(end_a=1)
    assert join.fields["end_a"] == 1
    with pytest.raises(flexure.LoadError) as caught:
        join.set_fields(end_a="left")
    assert caught.value.path == "end_a" and "expected" in caught.value.message
    assert join.fields["end_a"] == 1  # unchanged after the refusal
    with pytest.raises(flexure.LoadError):
        join.set_fields(no_such_field=1)
    with pytest.raises((ValueError, flexure.FieldError)):
        join.set_fields(pipe_b="nobody")
    assert join.fields["pipe_b"] == "fixed-a"


def test_enable_disable_weight(pipe):
    c = pipe.constraint("join-b")
    c.disable()
    assert not c.enabled
    c.enable()
    assert c.enabled
    c.weight = 2.5
    assert '"weight": 2.5' in pipe.to_json()
    with pytest.raises(ValueError):
        c.weight = -1
    c.active = (0.5, None)
    assert c.active == (0.5, None)


def test_add_and_remove_nodes_and_constraints(pipe):
    n_params = len(pipe.params)
    t = pipe.add_node(None, "translate", "probe-at", params={"x": 1.0, "y": {"value": 2.0, "frozen": True}})
    s = pipe.add_node(t, "sphere", "probe", params={"radius": 0.2})
    assert s.parent == t and len(pipe.params) == n_params + 3 + 1
    assert pipe.params["probe-at.y"] == 2.0 and pipe.params.frozen[pipe.params.index("probe-at.y")]
    with pytest.raises(ValueError):
        pipe.add_node(None, "sphere", "probe")  # name taken
    with pytest.raises(ValueError):
        pipe.add_node(None, "no-such-type")
    with pytest.raises(ValueError):
        pipe.add_node("probe", "sphere")  # under a primitive
    c = pipe.add_constraint("attach-point", "hold-probe", node="probe", target=[1, 2, 3])
    assert c.fields["target"] == [1, 2, 3]
    with pytest.raises(ValueError):
        pipe.remove_node("probe-at")  # still constrained
    pipe.remove_constraint("hold-probe")
    pipe.remove_node("probe-at")
    assert len(pipe.params) == n_params
    assert flexure.Scene.from_json(pipe.to_json()).to_json() == pipe.to_json()


def test_every_type_and_kind_is_creatable():
    # No per-type binding code: everything registered can be made and its fields read back.
    scene = flexure.Scene()
    for t in flexure.node_types():
        try:
            node = scene.add_node(None, t)
        except Exception:  # noqa: BLE001 - a type with required fields or references; the scenes cover it
            continue
        assert isinstance(node.fields, dict)
    assert len(scene.nodes) > 10
    assert "attach-pipes" in flexure.constraint_kinds()


def test_settings_blocks(pipe):
    pipe.set_settings("timeline", fps=30)
    assert pipe.settings("timeline")["fps"] == 30
    with pytest.raises(flexure.LoadError):
        pipe.set_settings("timeline", fps="fast")


def test_type_stubs_cover_the_module():
    # The .pyi stubs beside the module name every public class, function and member it has.
    import ast
    from pathlib import Path

    stub = ast.parse((Path(flexure.__file__).parent / "_flexure.pyi").read_text())
    stubbed = {n.name: n for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    native = flexure._flexure if hasattr(flexure, "_flexure") else None
    assert native is not None
    public = {n for n in dir(native) if not n.startswith("_")}
    assert public - set(stubbed) == set()
    for name, node in stubbed.items():
        if not isinstance(node, ast.ClassDef) or name in ("LoadError", "FieldError", "LoadWarning"):
            continue
        members = {m.name for m in node.body if isinstance(m, ast.FunctionDef)}
        members |= {m.target.id for m in node.body if isinstance(m, ast.AnnAssign)}
        cls = getattr(native, name)
        own = {m for m in vars(cls) if not m.startswith("_")}
        assert own - members == set(), name
    for name in public:
        assert getattr(native, name).__doc__, f"{name} has no docstring"
