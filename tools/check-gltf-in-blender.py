"""Imports a Flexure glTF export into Blender and compares, at given frames, every evaluated
mesh vertex in world space with Flexure's own OBJ frames (`flexure-cli animate --obj`).

    flexure-cli export-gltf scenes/anim-snake.json -o /tmp/snake.glb --frames 0-124
    flexure-cli animate scenes/anim-snake.json --frames 0-124 --obj --out /tmp/snake-obj
    blender -b --python tools/check-gltf-in-blender.py -- /tmp/snake.glb /tmp/snake-obj \
        --fps 50 0 60 124 [--render /tmp/snake.png --render-frame 60]

Blender 3.4 (Debian's `blender`) is not part of CI (it is large); run this by hand. Blender's glTF
importer turns glTF's +Y up into its +Z up, (x, y, z) -> (x, -z, y); this script maps back.
`--fps` must be the timeline's frame rate (the importer converts seconds to frames with the
scene's rate, which is set before import). For each frame it prints the largest distance
between a Flexure vertex and the nearest evaluated Blender vertex of the same object, relative to
the frame's size, and exits 1 when one exceeds 1e-6 (`--tolerance`; Blender evaluates in float32).
"""
import math
import os
import sys

import bpy
from mathutils import Vector, kdtree


def parse_args(argv):
    args = argv[argv.index("--") + 1:] if "--" in argv else []
    if len(args) < 3:
        sys.exit(__doc__)
    opts = {"fps": 24.0, "render": None, "render_frame": None, "tolerance": 1e-6}
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--fps":
            opts["fps"] = float(args[i + 1]); i += 2
        elif a == "--render":
            opts["render"] = args[i + 1]; i += 2
        elif a == "--render-frame":
            opts["render_frame"] = int(args[i + 1]); i += 2
        elif a == "--tolerance":
            opts["tolerance"] = float(args[i + 1]); i += 2
        else:
            rest.append(a); i += 1
    opts["file"], opts["objdir"] = rest[0], rest[1]
    opts["frames"] = [int(f) for f in rest[2:]]
    return opts


def read_obj(path):
    """{object name: [Vector]} from a Flexure OBJ frame (one `o` per primitive)."""
    objects, current = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith("o "):
                current = line[2:].strip()
                objects[current] = []
            elif line.startswith("v "):
                x, y, z = (float(t) for t in line.split()[1:4])
                objects[current].append(Vector((x, y, z)))
    return objects


def blender_vertices(obj, depsgraph):
    """World-space vertices of the evaluated object, in Flexure's axes."""
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    m = evaluated.matrix_world
    out = []
    for v in mesh.vertices:
        w = m @ v.co
        out.append(Vector((w.x, w.z, -w.y)))  # Blender (x, y, z) = glTF (x, -z, y)
    evaluated.to_mesh_clear()
    return out


def size_of(objects):
    lo = Vector((math.inf,) * 3)
    hi = Vector((-math.inf,) * 3)
    for vs in objects.values():
        for v in vs:
            lo = Vector(map(min, lo, v))
            hi = Vector(map(max, hi, v))
    return (hi - lo).length or 1.0


def render(path, frame, scene):
    scene.frame_set(frame)
    depsgraph = bpy.context.evaluated_depsgraph_get()
    lo = Vector((math.inf,) * 3)
    hi = Vector((-math.inf,) * 3)
    for o in scene.objects:
        if o.type != "MESH":
            continue
        e = o.evaluated_get(depsgraph)
        for c in e.bound_box:
            w = e.matrix_world @ Vector(c)
            lo = Vector(map(min, lo, w))
            hi = Vector(map(max, hi, w))
    centre, radius = (lo + hi) / 2, (hi - lo).length / 2
    print("framing: centre %s, radius %.3g" % (tuple(round(c, 3) for c in centre), radius))
    cam_data = bpy.data.cameras.new("check-camera")
    cam = bpy.data.objects.new("check-camera", cam_data)
    scene.collection.objects.link(cam)
    direction = Vector((0.6, -1.4, 0.5)).normalized()
    cam.location = centre + direction * radius * 4.2
    cam.rotation_euler = (centre - cam.location).to_track_quat("-Z", "Y").to_euler()
    cam_data.clip_end = radius * 20
    scene.camera = cam
    scene.render.engine = "BLENDER_WORKBENCH"  # the engine of Blender's solid viewport
    if scene.world is None:
        scene.world = bpy.data.worlds.new("check-world")
    scene.world.color = (0.75, 0.78, 0.82)
    scene.display.shading.light = "STUDIO"
    scene.display.shading.color_type = "MATERIAL"
    scene.display.shading.show_shadows = True
    scene.render.resolution_x, scene.render.resolution_y = 960, 640
    scene.render.filepath = path
    bpy.ops.render.render(write_still=True)
    print("rendered frame %d to %s" % (frame, path))


def main():
    opts = parse_args(sys.argv)
    # Debian 12's Blender 3.4 glTF importer still uses numpy's `np.bool`, which numpy 1.24 (the
    # Debian 12 package) removed: every import fails with "module 'numpy' has no attribute
    # 'bool'" in set_poly_smoothing. The alias meant the builtin bool; put it back.
    import numpy
    if "bool" not in numpy.__dict__:
        numpy.bool = bool
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = round(opts["fps"])
    scene.render.fps_base = scene.render.fps / opts["fps"]
    bpy.ops.import_scene.gltf(filepath=opts["file"])
    worst_all = 0.0
    for frame in opts["frames"]:
        scene.frame_set(frame)
        depsgraph = bpy.context.evaluated_depsgraph_get()
        expected = read_obj(os.path.join(opts["objdir"], "frame_%04d.obj" % frame))
        size = size_of(expected)
        worst, worst_name = 0.0, ""
        for name, verts in expected.items():
            obj = bpy.data.objects.get(name)
            if obj is None or obj.type != "MESH":
                print("frame %d: no mesh object named %r in Blender" % (frame, name))
                worst = math.inf
                continue
            got = blender_vertices(obj, depsgraph)
            tree = kdtree.KDTree(len(got))
            for i, v in enumerate(got):
                tree.insert(v, i)
            tree.balance()
            back = kdtree.KDTree(len(verts))
            for i, v in enumerate(verts):
                back.insert(v, i)
            back.balance()
            d = max([tree.find(v)[2] for v in verts] + [back.find(v)[2] for v in got])
            if d / size > worst:
                worst, worst_name = d / size, name
        worst_all = max(worst_all, worst)
        print("frame %d: %d objects, largest deviation %.3g of the scene size (%s)" %
              (frame, len(expected), worst, worst_name))
    if opts["render"]:
        render(opts["render"], opts["render_frame"] if opts["render_frame"] is not None else opts["frames"][0], scene)
    ok = worst_all <= opts["tolerance"]
    print("check-gltf-in-blender: %s (largest deviation %.3g, tolerance %.1g)" %
          ("OK" if ok else "FAILED", worst_all, opts["tolerance"]))
    sys.exit(0 if ok else 1)


try:
    main()
except SystemExit:
    raise
except Exception as e:  # a Python error must not look like success to the caller
    import traceback
    traceback.print_exc()
    sys.exit(2)
