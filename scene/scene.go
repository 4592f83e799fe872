package scene

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// Scene is a room: its objects (walls included), where the person starts, and a name; and, for a
// room scanned or voxelised as a dataset ships it (TRUMANS), its occupancy grid.
type Scene struct {
	Name    string
	Objects []*Object
	Start   motion.State
	// Grid, when set, is the room's occupancy as the dataset ships it; package distance measures
	// penetration and the walkable floor with it beside the objects' meshes (docs/trumans.md says
	// which wins where they disagree).
	Grid *Grid
}

// Grid is an occupancy grid: the box [Lo, Lo + Voxel·Dims) split into Dims[0]×Dims[1]×Dims[2]
// cubic voxels of side Voxel (metres, world space, Y up), each occupied or free. Voxel (i, j, k)
// holds the points p with floor((p − Lo)/Voxel) = (i, j, k) and is Occupied[(i·Dims[1] + j)·Dims[2]
// + k] (x slowest, z fastest, as TRUMANS' (300, 100, 400) arrays are laid out). OutsideOccupied
// says what points outside the box are: TRUMANS' loader counts them as occupied.
type Grid struct {
	Lo              mgl64.Vec3
	Voxel           float64
	Dims            [3]int
	Occupied        []bool
	OutsideOccupied bool
}

// Index returns the index in Occupied of voxel (i, j, k).
func (g *Grid) Index(i, j, k int) int { return (i*g.Dims[1]+j)*g.Dims[2] + k }

// Hi returns the far corner of the grid's box.
func (g *Grid) Hi() mgl64.Vec3 {
	return g.Lo.Add(mgl64.Vec3{float64(g.Dims[0]), float64(g.Dims[1]), float64(g.Dims[2])}.Mul(g.Voxel))
}

// Object is one thing in the scene, such as "sofa_1": a category ("sofa"), a display name, the
// transform that placed it, and its semantic parts, each with its own triangles in world space.
type Object struct {
	ID        string
	Category  string
	Name      string
	Transform mgl64.Mat4 // object space → world, as loaded or placed
	Parts     []Part
	Color     [3]float64 // base colour for drawing, linear RGB in [0, 1]
	// Proxy marks geometry built by this project to stand in for a mesh it does not have (for example
	// furniture of a UniHSI plan); results on proxies must say so.
	Proxy bool
	// Surfaces are the support surfaces a person sits or lies on; empty for other objects.
	Surfaces []Surface
	// StandPoints are floor points (y = 0) where a person stands before interacting with the object.
	StandPoints []mgl64.Vec3
}

// PartKind names what a part is for: a seat, a back, a mattress, a wall.
type PartKind string

// The part kinds procedural furniture and loaders produce. Loaders may use others.
const (
	PartSeat     PartKind = "seat"
	PartBack     PartKind = "back"
	PartArmrest  PartKind = "armrest"
	PartMattress PartKind = "mattress"
	PartPillow   PartKind = "pillow"
	PartTabletop PartKind = "tabletop"
	PartLeg      PartKind = "leg"
	PartFrame    PartKind = "frame"
	PartDoor     PartKind = "door"
	PartWall     PartKind = "wall"
	PartBody     PartKind = "body" // an object's only part when nothing finer is known
)

// Part is a semantic piece of an object with its own triangles (world space).
type Part struct {
	Name string // unique within the object, such as "seat" or "leg_2"
	Kind PartKind
	Mesh *Mesh
}

// Surface is a roughly horizontal support surface: where a person sits or lies.
type Surface struct {
	Part    string     // the part it belongs to
	Center  mgl64.Vec3 // world centre of the top face (y = height)
	Extent  [2]float64 // half sizes along Axis and across it on the floor plane (metres)
	Axis    mgl64.Vec3 // horizontal unit vector of the first extent (for a bed: head to foot)
	Normal  mgl64.Vec3 // up for a seat
	Sit     bool       // a person can sit here
	LieDown bool       // a person can lie here
}

// Height returns the surface's height above the floor.
func (s Surface) Height() float64 { return s.Center.Y() }

// Mesh returns all the object's triangles as one mesh.
func (o *Object) Mesh() *Mesh {
	m := &Mesh{}
	for _, p := range o.Parts {
		m.Append(p.Mesh)
	}
	return m
}

// Bounds returns the box around the object's triangles.
func (o *Object) Bounds() geom.Box {
	b := geom.EmptyBox()
	for _, p := range o.Parts {
		b = b.Union(p.Mesh.Bounds())
	}
	return b
}

// Part returns the part with the given name.
func (o *Object) Part(name string) (*Part, bool) {
	for i := range o.Parts {
		if o.Parts[i].Name == name {
			return &o.Parts[i], true
		}
	}
	return nil, false
}

// Object returns the object with the given id.
func (s *Scene) Object(id string) (*Object, bool) {
	for _, o := range s.Objects {
		if o.ID == id {
			return o, true
		}
	}
	return nil, false
}

// Bounds returns the box around every object of the scene.
func (s *Scene) Bounds() geom.Box {
	b := geom.EmptyBox()
	for _, o := range s.Objects {
		b = b.Union(o.Bounds())
	}
	return b
}

// TriangleCount returns the number of triangles in the scene.
func (s *Scene) TriangleCount() int {
	n := 0
	for _, o := range s.Objects {
		for _, p := range o.Parts {
			n += len(p.Mesh.Triangles)
		}
	}
	return n
}
