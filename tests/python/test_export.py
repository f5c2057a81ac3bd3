"""scene.export_gltf() writes what `flexure-cli export-gltf` writes, byte for byte, static and baked."""
import struct

import pytest

import flexure
from conftest import run_cli, scene_path


def glb_header(path):
    with open(path, "rb") as f:
        magic, version, length = struct.unpack("<4sII", f.read(12))
    return magic, version, length


@pytest.mark.parametrize("name,frames", [("pipefitting.json", None), ("anim-snake.json", (0, 6)),
                                         ("anim-pipe-follow.json", (2, 8))])
def test_export_gltf_equals_the_cli(scratch, name, frames):
    ours, theirs = scratch / "ours.glb", scratch / "theirs.glb"
    scene = flexure.load(scene_path(name))
    if frames is None:
        result = scene.export_gltf(str(ours))
        run_cli("export-gltf", scene_path(name), "-o", str(theirs))
    else:
        result = scene.export_gltf(str(ours), frames=frames)
        run_cli("export-gltf", scene_path(name), "-o", str(theirs), "--frames", f"{frames[0]}-{frames[1]}")
    assert glb_header(ours) == (b"glTF", 2, ours.stat().st_size)
    assert result["bytes"] == ours.stat().st_size
    assert result["frames"] == (1 if frames is None else frames[1] - frames[0] + 1)
    assert ours.read_bytes() == theirs.read_bytes()


def test_export_gltf_refuses_bad_arguments(scratch):
    scene = flexure.load(scene_path("pipe.json"))
    with pytest.raises(ValueError):
        scene.export_gltf(str(scratch / "x.obj"))
    with pytest.raises(ValueError):
        scene.export_gltf(str(scratch / "x.glb"), frames=(5, 2))
    with pytest.raises(ValueError):
        scene.export_gltf(str(scratch / "x.glb"), fps=12)
    assert not (scratch / "x.glb").exists()
