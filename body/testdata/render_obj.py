# Renders a posed body OBJ (from TestWriteOBJ) to OUT_front.png, OUT_side.png and OUT_oblique.png with
# Blender Workbench, for looking at the fit (docs/body.md).
# usage: BODY_OBJ_DIR=/tmp/objs go test ./body/ -run TestWriteOBJ
#        blender -b -P body/testdata/render_obj.py -- /tmp/objs/sit.obj /tmp/sit
import bpy, sys, math
from mathutils import Vector
argv = sys.argv[sys.argv.index("--") + 1:]
src, out = argv[0], argv[1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.wm.obj_import(filepath=src, forward_axis='NEGATIVE_Z', up_axis='Y')
obj = bpy.context.selected_objects[0]
bpy.ops.object.shade_smooth()
sc = bpy.context.scene
sc.render.engine = 'BLENDER_WORKBENCH'
sc.display.shading.light = 'STUDIO'
sc.display.shading.color_type = 'SINGLE'
sc.display.shading.single_color = (0.8, 0.65, 0.55)
sc.render.resolution_x = sc.render.resolution_y = 512
sc.render.film_transparent = False
world = bpy.data.worlds.new("w"); sc.world = world
bb = [obj.matrix_world @ Vector(c) for c in obj.bound_box]
lo = Vector((min(v.x for v in bb), min(v.y for v in bb), min(v.z for v in bb)))
hi = Vector((max(v.x for v in bb), max(v.y for v in bb), max(v.z for v in bb)))
ctr = (lo + hi) / 2
ext = max(hi - lo) * 1.15
# floor plane at z=0
bpy.ops.mesh.primitive_plane_add(size=6, location=(ctr.x, ctr.y, 0))
cam_data = bpy.data.cameras.new("cam"); cam_data.type = 'ORTHO'; cam_data.ortho_scale = ext
cam = bpy.data.objects.new("cam", cam_data); sc.collection.objects.link(cam); sc.camera = cam
views = {"front": Vector((0, -1, 0)), "side": Vector((1, 0, 0)), "oblique": Vector((0.7, -0.7, 0.35))}
for name, d in views.items():
    cam.location = ctr + d.normalized() * 5
    cam.rotation_euler = (ctr - cam.location).to_track_quat('-Z', 'Y').to_euler()
    sc.render.filepath = f"{out}_{name}.png"
    bpy.ops.render.render(write_still=True)
