"""Imports the project's exports into Blender and checks them against the clips they came from.

Run headless by scripts/check-exports.sh:
    blender -b --factory-startup --python scripts/blender_check.py -- CHECK...
where each CHECK is KIND:FILE:CLIP[,CLIP...] with KIND glb, gltf or bvh, FILE the export and each
CLIP the clip JSON of one take, in the order of the file's animations. For every take it checks that
the imported action spans the clip's frame count and that, at the first, middle and last frame, the
pelvis (the root) and the other 21 named joints stand where the clip has them (Blender is Z-up: the
clip's Y-up (x, y, z) is Blender's (x, -z, y)). Prints one line per take and exits 1 on a failure.

Blender 3.4 as Debian ships it has two breakages this script patches before importing: its BVH
importer opens files with mode 'rU', which Python 3.11 refuses, and its glTF importer uses
numpy.bool, which numpy 1.24 removed.
"""
import builtins
import json
import re
import sys

import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

_open = builtins.open


def _open_without_u(file, mode="r", *args, **kwargs):
    if isinstance(mode, str) and "U" in mode:
        mode = mode.replace("U", "") or "r"
    return _open(file, mode, *args, **kwargs)


builtins.open = _open_without_u

import bpy  # noqa: E402  (after the patches, as the importers read them at import time)
from mathutils import Vector  # noqa: E402

TOLERANCE_M = 0.001
JOINTS = ["pelvis", "left_hip", "right_hip", "spine1", "left_knee", "right_knee", "spine2", "left_ankle",
          "right_ankle", "spine3", "left_foot", "right_foot", "neck", "left_collar", "right_collar", "head",
          "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist"]


def load_clip(path):
    with _open(path) as f:
        doc = json.load(f)
    return doc["fps"], doc["frames"]


def blender_point(p):
    """The clip's Y-up point as Blender's Z-up one."""
    return Vector((p[0], -p[2], p[1]))


def reset(fps):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = int(round(fps))
    scene.render.fps_base = scene.render.fps / fps
    return scene


def armature():
    arms = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    if len(arms) != 1:
        raise RuntimeError("%d armatures imported, want 1" % len(arms))
    return arms[0]


def import_file(kind, path):
    if kind == "bvh":
        bpy.ops.import_anim.bvh(filepath=path, global_scale=1.0, frame_start=1, use_fps_scale=False,
                                update_scene_fps=False, update_scene_duration=True, rotate_mode="NATIVE",
                                axis_forward="-Z", axis_up="Y")
    else:
        bpy.ops.import_scene.gltf(filepath=path)
    return armature()


def actions_of(arm, kind, n):
    """The imported actions in the file's order: the one BVH action, or glTF's one per animation."""
    if kind == "bvh":
        return [arm.animation_data.action]
    acts = [a for a in bpy.data.actions if any(fc.data_path.startswith("pose.bones") for fc in a.fcurves)]
    if len(acts) != n:
        raise RuntimeError("%d actions imported, want %d" % (len(acts), n))
    # Blender names them "<animation>_<object>"; "round 10" comes after "round 9".
    return sorted(acts, key=lambda a: [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", a.name)])


def joint_error(scene, arm, frame, pose):
    scene.frame_set(frame)
    bpy.context.view_layer.update()
    worst, root = 0.0, None
    for j, name in enumerate(JOINTS):
        pb = arm.pose.bones.get(name)
        if pb is None:
            raise RuntimeError("no bone named %s" % name)
        got = arm.matrix_world @ pb.head
        d = (got - blender_point(pose[j])).length
        worst = max(worst, d)
        if j == 0:
            root = (got, d)
    return worst, root


def check_take(scene, arm, action, kind, path, clip_path):
    fps, frames = load_clip(clip_path)
    arm.animation_data.action = action
    first, last = (int(round(x)) for x in action.frame_range)
    count = last - first + 1
    ok = count == len(frames)
    worst = 0.0
    root_end = None
    for k in sorted({0, len(frames) // 2, len(frames) - 1}):
        err, root = joint_error(scene, arm, first + k, frames[k])
        worst = max(worst, err)
        if k == len(frames) - 1:
            root_end = root
    ok = ok and worst <= TOLERANCE_M
    want = blender_point(frames[-1][0])
    print("%s %s %s: %d frames (clip %d) at %g fps; root ends at (%.4f, %.4f, %.4f), clip (%.4f, %.4f, %.4f), %.3f mm off; "
          "largest joint error %.3f mm at frames first/middle/last -> %s"
          % ("OK  " if ok else "FAIL", kind, path + " [" + action.name + "]", count, len(frames), fps,
             root_end[0].x, root_end[0].y, root_end[0].z, want.x, want.y, want.z, root_end[1] * 1e3, worst * 1e3,
             "ok" if ok else "mismatch"))
    return ok


def main(argv):
    checks = argv[argv.index("--") + 1:] if "--" in argv else []
    if not checks:
        print("usage: blender -b --python blender_check.py -- KIND:FILE:CLIP[,CLIP...]...")
        return 2
    ok = True
    for check in checks:
        kind, path, clips = check.split(":", 2)
        clips = clips.split(",")
        fps, _ = load_clip(clips[0])
        scene = reset(fps)
        arm = import_file(kind, path)
        for action, clip in zip(actions_of(arm, kind, len(clips)), clips):
            ok = check_take(scene, arm, action, kind, path, clip) and ok
    return 0 if ok else 1


try:
    code = main(sys.argv)
except Exception as e:  # a failed import is a failed check, with the reason
    import traceback
    traceback.print_exc()
    code = 1
sys.stdout.flush()
sys.exit(code)
