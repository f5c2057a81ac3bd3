"""scene.bake() is `flexure-cli animate --stats`, frame for frame; keys and going to a frame."""
import json

import pytest

import flexure
from conftest import run_cli, scene_path, without_timing


@pytest.mark.parametrize("name,frames", [("anim-pipe-follow.json", (0, 12)), ("anim-snake.json", (0, 8)),
                                         ("anim-keyed-pipe.json", (3, 9))])
def test_bake_matches_animate_stats(name, frames):
    first, last = frames
    cli = run_cli("animate", scene_path(name), "--frames", f"{first}-{last}", "--stats")
    cli_lines = [json.loads(line) for line in cli.stdout.splitlines() if line.strip()]
    scene = flexure.load(scene_path(name))
    lines = scene.bake(first, last)
    assert [l["frame"] for l in lines] == list(range(first, last + 1))
    assert len(lines) == len(cli_lines)
    for ours, theirs in zip(lines, cli_lines):
        assert without_timing(ours) == without_timing(theirs)


def test_bake_with_fps_matches_the_cli():
    cli = run_cli("animate", scene_path("anim-pipe-follow.json"), "--frames", "0-4", "--stats", "--fps", "12")
    cli_lines = [json.loads(line) for line in cli.stdout.splitlines() if line.strip()]
    lines = flexure.load(scene_path("anim-pipe-follow.json")).bake(0, 4, fps=12)
    assert [without_timing(l) for l in lines] == [without_timing(l) for l in cli_lines]


def test_keys_and_go_to_frame(scratch):
    scene = flexure.load(scene_path("pipefitting.json"))
    tl = scene.timeline
    tl.fps = 24
    tl.key("pipe-bend.amount", frame=0, value=0.3)
    tl.key("pipe-bend.amount", frame=10, value=0.6, interpolation="bezier")
    assert [k["time"] for k in tl.tracks["pipe-bend.amount"]] == [0.0, 10 / 24]
    assert tl.tracks["pipe-bend.amount"][1]["interpolation"] == "bezier"
    assert abs(tl.value_at("pipe-bend.amount", 10 / 24) - 0.6) < 1e-12
    with pytest.raises(KeyError):
        tl.key("nobody.x", frame=1, value=1)
    with pytest.raises(ValueError):
        tl.key("pipe-bend.amount", frame=1, value=1, interpolation="wobbly")
    # Saved keys bake in the CLI exactly as here.
    path = scratch / "keyed.json"
    scene.save(str(path))
    lines = scene.bake(0, 10)
    assert abs(scene.params["pipe-bend.amount"] - 0.6) < 1e-9  # keyed parameters take their keys
    cli = run_cli("animate", str(path), "--frames", "0-10", "--stats")
    cli_lines = [json.loads(line) for line in cli.stdout.splitlines() if line.strip()]
    assert [without_timing(l) for l in lines] == [without_timing(l) for l in cli_lines]
    # Going to a baked frame restores it from the cache.
    shown = scene.go_to_frame(0)
    assert shown["from_cache"] and shown["frame"] == 0
    assert abs(scene.params["pipe-bend.amount"] - 0.3) < 1e-9
    assert tl.remove_key("pipe-bend.amount", frame=10)
    assert not tl.remove_key("pipe-bend.amount", frame=10)
