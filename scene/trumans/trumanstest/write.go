package trumanstest

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/furniture"
	"interactagent/scene/trumans"
)

// PoseForm is how Write stores the objects' poses.
type PoseForm int

// The pose files Write can write (docs/trumans.md, "Rooms").
const (
	PoseJSONFiles PoseForm = iota // Object_pose/<scene>/<name>.json: {"rotation": […], "location": […]}
	PoseNPYFiles                  // Object_pose/<scene>/<name>.npy: six float32, rx ry rz x y z
	PoseJSONMap                   // Object_pose/<scene>.json: {"<name>": [rx, ry, rz, x, y, z], …}
)

// Options says what Write writes. The zero value writes room "room_01" with a floor of a few
// thousand triangles and three objects, poses as JSON files.
type Options struct {
	Scene     string   // the room's name; "" is "room_01"
	Dense     bool     // a floor of about 200,000 triangles, the size of a TRUMANS room mesh
	NoObjects bool     // only Scene_mesh/ and Scene/: a room without labelled objects
	Poses     PoseForm // how poses are stored
}

// The room Write builds: 5 × 7 m inside, walls 0.1 m thick and 2.6 m tall, centred on the origin.
const (
	halfX, halfZ = 2.5, 3.5
	wallT, wallH = 0.1, 2.6
)

// Object is one object Write places: its name in the folder, its furniture kind, and its pose.
type Object struct {
	Name string
	Kind string
	Pose trumans.Pose
}

// Objects returns the objects Write places: a chair facing +X, a dining table and a bed along X.
func Objects() []Object {
	return []Object{
		{"chair_01", "chair", trumans.Pose{Euler: [3]float64{0, math.Pi / 2, 0}, Location: [3]float64{-1.4, 0, 0.6}}},
		{"table_01", "dining_table", trumans.Pose{Location: [3]float64{1.1, 0, 2.2}}},
		{"bed_01", "bed", trumans.Pose{Euler: [3]float64{0, math.Pi / 2, 0}, Location: [3]float64{1.35, 0, -2.3}}},
	}
}

// SceneName returns the room name o writes.
func (o Options) SceneName() string {
	if o.Scene == "" {
		return "room_01"
	}
	return o.Scene
}

// Write writes a TRUMANS-layout folder into dir (made if missing): Scene_mesh/<scene>.obj,
// Scene/<scene>.npy (a grid that agrees with the room and the objects: a voxel is occupied when
// its centre lies inside one of their closed parts) and, unless NoObjects, Object_all/'s meshes
// and poses.
func Write(dir string, o Options) error {
	room, err := roomScene(o.Dense)
	if err != nil {
		return err
	}
	solids := room.Objects[1:] // the walls; the floor is a surface, not a solid
	var placed []placedObject
	if !o.NoObjects {
		if placed, err = buildObjects(); err != nil {
			return err
		}
		for _, p := range placed {
			solids = append(solids, p.world)
		}
	}
	name := o.SceneName()
	if err := writeFile(filepath.Join(dir, trumans.SceneMeshDir, name+".obj"), func(f *os.File) error { return writeOBJ(f, room.Objects) }); err != nil {
		return err
	}
	grid := Voxelize(solids)
	if err := writeFile(filepath.Join(dir, trumans.GridDir, name+".npy"), func(f *os.File) error { return WriteGridNPY(f, grid.Dims, grid.Occupied) }); err != nil {
		return err
	}
	return writeObjects(dir, name, placed, o.Poses)
}

// placedObject is an object built at the origin (local) and placed by its pose (world).
type placedObject struct {
	Object
	local, world *scene.Object
}

// buildObjects builds every object of Objects in object space and in the room.
func buildObjects() ([]placedObject, error) {
	var out []placedObject
	for _, ob := range Objects() {
		local, err := furniture.New(furniture.Spec{Kind: ob.Kind, ID: ob.Name})
		if err != nil {
			return nil, err
		}
		world := &scene.Object{ID: ob.Name, Parts: append([]scene.Part(nil), local.Parts...)}
		for i := range world.Parts {
			world.Parts[i].Mesh = local.Parts[i].Mesh.Transformed(ob.Pose.Matrix())
		}
		out = append(out, placedObject{Object: ob, local: local, world: world})
	}
	return out, nil
}

// writeObjects writes the objects' meshes and poses.
func writeObjects(dir, name string, placed []placedObject, form PoseForm) error {
	poses := map[string][]float64{}
	for _, p := range placed {
		mesh := filepath.Join(dir, filepath.FromSlash(trumans.ObjectMeshDir), p.Name+".obj")
		if err := writeFile(mesh, func(f *os.File) error { return writeOBJ(f, []*scene.Object{p.local}) }); err != nil {
			return err
		}
		e, l := p.Pose.Euler, p.Pose.Location
		poses[p.Name] = []float64{e[0], e[1], e[2], l[0], l[1], l[2]}
	}
	if len(placed) == 0 {
		return nil
	}
	return writePoses(filepath.Join(dir, filepath.FromSlash(trumans.ObjectPoseDir)), name, poses, form)
}

// writePoses writes poses in the given form under the pose folder.
func writePoses(poseDir, name string, poses map[string][]float64, form PoseForm) error {
	if form == PoseJSONMap {
		return writeJSON(filepath.Join(poseDir, name+".json"), poses)
	}
	for obj, v := range poses {
		file := filepath.Join(poseDir, name, obj)
		var err error
		if form == PoseNPYFiles {
			err = writeFile(file+".npy", func(f *os.File) error { return writePoseNPY(f, v) })
		} else {
			err = writeJSON(file+".json", map[string][]float64{"rotation": v[:3], "location": v[3:]})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeJSON writes v as JSON to file.
func writeJSON(file string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(file, func(f *os.File) error { _, err := f.Write(data); return err })
}

// writeFile creates file (and its folder) and fills it with write.
func writeFile(file string, write func(*os.File) error) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("trumanstest: write %s: %w", file, err)
	}
	return f.Close()
}

// roomScene builds the room: a floor of quads at y = 0 and four closed wall boxes.
func roomScene(dense bool) (*scene.Scene, error) {
	nx, nz := 40, 56
	if dense {
		nx, nz = 250, 400
	}
	walls, err := furniture.NewWalls("walls", []furniture.WallSpec{
		{Name: "wall_s", From: mgl64.Vec3{-halfX - wallT, 0, -halfZ - wallT/2}, To: mgl64.Vec3{halfX + wallT, 0, -halfZ - wallT/2}, Thickness: wallT, Height: wallH},
		{Name: "wall_n", From: mgl64.Vec3{-halfX - wallT, 0, halfZ + wallT/2}, To: mgl64.Vec3{halfX + wallT, 0, halfZ + wallT/2}, Thickness: wallT, Height: wallH},
		{Name: "wall_w", From: mgl64.Vec3{-halfX - wallT/2, 0, -halfZ}, To: mgl64.Vec3{-halfX - wallT/2, 0, halfZ}, Thickness: wallT, Height: wallH},
		{Name: "wall_e", From: mgl64.Vec3{halfX + wallT/2, 0, -halfZ}, To: mgl64.Vec3{halfX + wallT/2, 0, halfZ}, Thickness: wallT, Height: wallH},
	})
	if err != nil {
		return nil, err
	}
	fl := &scene.Object{ID: "floor", Parts: []scene.Part{{Name: "floor", Mesh: floorMesh(nx, nz)}}}
	return &scene.Scene{Objects: []*scene.Object{fl, walls}}, nil
}

// floorMesh returns the floor inside the walls as nx × nz quads facing up.
func floorMesh(nx, nz int) *scene.Mesh {
	m := &scene.Mesh{}
	for i := 0; i <= nx; i++ {
		for k := 0; k <= nz; k++ {
			x := -halfX + 2*halfX*float64(i)/float64(nx)
			z := -halfZ + 2*halfZ*float64(k)/float64(nz)
			m.Vertices = append(m.Vertices, mgl64.Vec3{x, 0, z})
		}
	}
	at := func(i, k int) int32 { return int32(i*(nz+1) + k) }
	for i := 0; i < nx; i++ {
		for k := 0; k < nz; k++ {
			// counter-clockwise seen from above (+Y): x then z turns the normal down, so z first
			m.Triangles = append(m.Triangles, [3]int32{at(i, k), at(i, k+1), at(i+1, k+1)}, [3]int32{at(i, k), at(i+1, k+1), at(i+1, k)})
		}
	}
	return m
}
