"""Files: load/save/to_json round trips bit-exact against flexure-cli's files, LoadError on the
malformed files the CLI tests use (same message), warnings, every registered importer."""
import warnings
from pathlib import Path

import pytest

import flexure
from conftest import run_cli, scene_path

SCENES = ["pipe.json", "pipefitting.json", "cam-rocker.json", "snake.json", "mold-concave.json",
          "metaball-z-letter.json", "anim-pipe-follow.json", "primitives.json"]


@pytest.mark.parametrize("name", SCENES)
def test_save_is_byte_identical_to_the_cli(name, scratch):
    # The CLI writes a scene file with `solve -o`; with one iteration per family it is the loaded
    # scene after (at most) one step. Loading that file and saving it must give the same bytes.
    (scratch / "meshes").symlink_to(Path(scene_path("meshes")))  # relative mesh sources resolve
    cli_file = scratch / "cli.json"
    run_cli("solve", scene_path(name), "-o", str(cli_file), "--max-iterations", "1")
    scene = flexure.load(str(cli_file))
    ours = scratch / "python.json"
    scene.save(str(ours))
    assert ours.read_bytes() == cli_file.read_bytes()
    assert scene.to_json().encode() == cli_file.read_bytes()
    again = flexure.Scene.from_json(scene.to_json(), base_directory=str(scratch))
    assert again.to_json() == scene.to_json()


def test_save_is_atomic_and_leaves_no_temporary(scratch):
    scene = flexure.load(scene_path("pipe.json"))
    target = scratch / "out.json"
    scene.save(str(target))
    scene.save(str(target))  # over an existing file
    assert sorted(p.name for p in scratch.iterdir()) == ["out.json"]
    with pytest.raises(Exception):
        scene.save(str(scratch / "no-such-dir" / "x.json"))
    assert target.read_text() == scene.to_json()


def write(scratch: Path, name: str, text) -> str:
    path = scratch / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


MALFORMED = {
    "bad.json": ('{"format": "flexure-scene", "version": 1,\n'
                 '"nodes": [{"name": "t", "type": "tube", "params": {"lenght": 2}}]}\n'),
    "newer.json": '{"format": "flexure-scene", "version": 7, "nodes": []}',
    "garbage.json": b"\x00\xff{[\"",
    "bad.obj": "v 0 0 0\nv 1 0 0\nf 1 2 3\n",
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_load_error_says_what_the_cli_says(name, scratch):
    path = write(scratch, name, MALFORMED[name])
    cli = run_cli("validate", path, check=False)
    assert cli.returncode == 1
    with pytest.raises(flexure.LoadError) as caught:
        flexure.load(path)
    e = caught.value
    assert str(e) + "\n" == cli.stderr
    assert e.file == path
    location = f"{e.file}:{e.line}:{e.column}: " if e.line else f"{e.file}: "
    assert str(e) == location + (e.path + ": " if e.path else "") + e.message
    assert isinstance(e, ValueError)


def test_load_error_fields_on_the_unknown_parameter(scratch):
    path = write(scratch, "bad.json", MALFORMED["bad.json"])
    with pytest.raises(flexure.LoadError) as caught:
        flexure.load(path)
    e = caught.value
    assert (e.line, e.column, e.path) == (2, 52, "nodes[0].params.lenght")
    assert e.message == 'unknown parameter "lenght" for node type "tube" (parameters: length, radius, thickness)'


def test_missing_file_and_directory(scratch):
    for path in ["/no/such/file.json", str(scratch)]:
        cli = run_cli("validate", path, check=False)
        with pytest.raises(flexure.LoadError) as caught:
            flexure.load(path)
        assert str(caught.value) + "\n" == cli.stderr


def test_from_json_errors_name_the_source():
    with pytest.raises(flexure.LoadError) as caught:
        flexure.Scene.from_json('{"format": "flexure-scene", "version": 1, "nodes": [{"type": "sphere", "params": {"radius": "x"}}]}',
                                source_name="mine")
    e = caught.value
    assert e.file == "mine" and e.line == 1 and e.path == "nodes[0].params.radius"


def test_unknown_keys_warn_like_the_cli(scratch):
    path = write(scratch, "extra.json", '{"format": "flexure-scene", "version": 1, "nodes": [], "color": 1}')
    cli = run_cli("validate", path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        flexure.load(path)
    assert [str(w.message) + "\n" for w in caught] == [cli.stderr]
    assert caught[0].category is flexure.LoadWarning


# One file per registered importer (paths relative to scenes/); the mesh formats' samples are the
# Blender cube (tests/interchange/data/cube-blender.fbx) written by assimp's exporters.
MESH_SAMPLES = "../tests/interchange/data/"
SAMPLES = {".obj": "meshes/pot.obj", ".dcl": "snake.dcl",
           **{ext: MESH_SAMPLES + name for ext, name in {
               ".stl": "cube.stl", ".ply": "cube.ply", ".gltf": "cube.gltf", ".glb": "cube.glb",
               ".fbx": "cube-blender.fbx", ".dae": "cube.dae", ".3ds": "cube.3ds"}.items()}}


def test_every_registered_importer_imports(scratch):
    importers = flexure.importers()
    assert ".obj" in importers
    for extension in importers:
        assert extension in SAMPLES, f"no sample file for the importer of {extension}: add one to SAMPLES"
        path = scene_path(SAMPLES[extension])
        scene = flexure.import_file(path)
        assert len(scene.nodes) > 0
        # The same scene flexure-cli opens (its info counts the same nodes and parameters).
        info = run_cli("info", path).stdout
        assert f"{len(scene.nodes)} nodes, {len(scene.params)} parameters" in info
    with pytest.raises(ValueError):
        flexure.import_file(write(scratch, "x.unknown", "hello"))


def test_import_error_names_line_and_column(scratch):
    path = write(scratch, "bad.obj", MALFORMED["bad.obj"])
    with pytest.raises(flexure.LoadError) as caught:
        flexure.import_file(path)
    assert (caught.value.line, caught.value.column) == (3, 7)
