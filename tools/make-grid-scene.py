#!/usr/bin/env python3
"""Writes the 10,000-node grid scene of the app test `[document][scale]` to a folder, so that the
window benchmark can open it: `flexure grid.json --benchmark-drag` (docs/performance.md, "Big
models under the mouse").

The text is that of flexure::gridSceneText (src/io/grid_scene.cpp) with GridSceneSize{rows,
columns, "tetra.obj"}: rows x columns tetrahedra (mesh nodes reading tetra.obj, 4 triangles each)
under one translate each, a group per row, the first of each row pulled 0.5 up by an
attach-point constraint. Keep the two in step; the default 100 x 50 is the test's 10,100 nodes.

usage: tools/make-grid-scene.py OUT_DIR [--rows R] [--columns C]
"""
import argparse
import pathlib

TETRA_OBJ = "o tetra\nv 0 0 0\nv 0.4 0 0\nv 0 0.4 0\nv 0 0 0.4\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"


def grid_scene_text(rows: int, columns: int, mesh_source: str) -> str:
    out = ['{"format": "flexure-scene", "version": 1,\n"description": "Scale test: '
           f'{rows} x {columns} spheres under translates, one group per row",\n'
           '"camera": {"projection": "perspective", "eye": [25, -60, 60], "target": [25, 50, 0], "up": [0, 0, 1],\n'
           '           "fov_y_degrees": 40, "ortho_height": 10, "near": 0.05, "far": 1000},\n'
           '"nodes": [']
    for r in range(rows):
        out.append((",\n" if r else "\n") + f'{{"name": "row-{r}", "type": "group", "children": [')
        for c in range(columns):
            out.append(("," if c else "") + f'{{"name": "at-{r}-{c}", "type": "translate", "params": {{"x": {c}, '
                       f'"y": {r}, "z": 0}}, "children": [{{"name": "ball-{r}-{c}'
                       f'", "type": "mesh", "source": "{mesh_source}"}}]}}')
        out.append("]}")
    out.append('],\n"constraints": [')
    for r in range(rows):
        out.append((",\n" if r else "\n") + f'{{"kind": "attach-point", "name": "lift-{r}", "node": "ball-{r}'
                   f'-0", "node_at": "local", "node_local": [0, 0, 0], "target": [0, {r}, 0.5]}}')
    out.append("]}\n")
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir", type=pathlib.Path)
    parser.add_argument("--rows", type=int, default=100)
    parser.add_argument("--columns", type=int, default=50)
    args = parser.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    (args.out_dir / "tetra.obj").write_text(TETRA_OBJ)
    scene = args.out_dir / "grid.json"
    scene.write_text(grid_scene_text(args.rows, args.columns, "tetra.obj"))
    print(f"wrote {scene} ({args.rows + 2 * args.rows * args.columns} nodes) and {args.out_dir / 'tetra.obj'}")


if __name__ == "__main__":
    main()
