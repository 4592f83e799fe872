"""Imports the project's exports into Blender and checks them against the clips they came from.

Run headless by scripts/check-exports.sh:
    blender -b --factory-startup --python scripts/blender_check.py -- CHECK...
where each CHECK is KIND:FILE:CLIP[,CLIP...] with KIND glb, gltf or bvh, FILE the export and each
CLIP the clip JSON of one take, in the order of the file's animations. For every take it checks that
the imported action spans the clip's frame count and that, at the first, middle and last frame, the
pelvis (the root) and the other 21 named joints stand where the clip has them (Blender is Z-up: the
clip's Y-up (x, y, z) is Blender's (x, -z, y)). Prints one line per take and exits 1 on a failure.

When the file holds a skinned mesh (glTF), it also checks that the mesh deforms with the rig: it
finds the mesh's vertex nearest to the left wrist bone's head in the bind pose (it must lie within
WRIST_NEAR_M, whatever its weights say), and checks at every frame it samples that the deformed
vertex's distance to the wrist bone's head stays within WRIST_TOLERANCE_M of its bind-pose
distance, while the wrist itself moves more than WRIST_TRAVEL_M.

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
WRIST_NEAR_M = 0.05       # how near the left wrist the vertex must lie in the bind pose
WRIST_TOLERANCE_M = 0.02  # how far the wrist vertex's distance to the wrist may change
WRIST_TRAVEL_M = 0.1      # how far the wrist must move for the check to mean something
WRIST_FRAMES = 40         # at most this many frames are sampled, evenly
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


def skinned_mesh():
    """The mesh object deformed by the armature, or None (BVH; a glTF without a skinned mesh)."""
    meshes = [o for o in bpy.data.objects if o.type == "MESH" and any(m.type == "ARMATURE" for m in o.modifiers)]
    if len(meshes) > 1:
        raise RuntimeError("%d skinned meshes imported, want 1" % len(meshes))
    return meshes[0] if meshes else None


def wrist_vertex(obj, arm):
    """The bind-pose vertex nearest to the left wrist's head, whatever its weights: its index, its
    weight in the vertex group left_wrist (for the report) and its bind-pose distance to the wrist."""
    group = obj.vertex_groups.get("left_wrist")
    wrist = arm.matrix_world @ arm.data.bones["left_wrist"].head_local
    v = min(obj.data.vertices, key=lambda v: (obj.matrix_world @ v.co - wrist).length)
    w = next((g.weight for g in v.groups if group is not None and g.group == group.index), 0.0)
    return v.index, w, (obj.matrix_world @ v.co - wrist).length


def posed_vertex(obj, index):
    """Vertex index of the skinned mesh as the armature deforms it in the current frame."""
    depsgraph = bpy.context.evaluated_depsgraph_get()
    ev = obj.evaluated_get(depsgraph)
    mesh = ev.to_mesh()
    p = ev.matrix_world @ mesh.vertices[index].co
    ev.to_mesh_clear()
    return p


def check_wrist(scene, arm, obj, action, kind, path, first, count):
    """Checks that a vertex near the left wrist follows the wrist across the take's frames."""
    index, weight, bind = wrist_vertex(obj, arm)
    pb = arm.pose.bones["left_wrist"]
    dists, heads = [], []
    for k in sorted(set(round(i * (count - 1) / max(1, WRIST_FRAMES - 1)) for i in range(WRIST_FRAMES))):
        scene.frame_set(first + k)
        bpy.context.view_layer.update()
        head = arm.matrix_world @ pb.head
        dists.append((posed_vertex(obj, index) - head).length)
        heads.append(head)
    drift = max(abs(d - bind) for d in dists)
    travel = max((h - heads[0]).length for h in heads)
    ok = bind <= WRIST_NEAR_M and drift <= WRIST_TOLERANCE_M and travel > WRIST_TRAVEL_M
    print("%s wrist %s %s: vertex %d (left_wrist weight %.2f) %.1f mm from the left wrist in the bind pose; over %d frames "
          "its distance to the wrist's head is %.1f-%.1f mm (at most %.2f mm from the bind pose's) while the wrist moves up to %.3f m -> %s"
          % ("OK  " if ok else "FAIL", kind, path + " [" + action.name + "]", index, weight, bind * 1e3, len(dists),
             min(dists) * 1e3, max(dists) * 1e3, drift * 1e3, travel, "follows" if ok else "does not follow"))
    return ok


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
    obj = skinned_mesh() if kind != "bvh" else None
    if obj is not None:
        ok = check_wrist(scene, arm, obj, action, kind, path, first, count) and ok
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
