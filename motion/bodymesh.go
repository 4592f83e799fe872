package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// BodyMesh is a triangle mesh of the body proxy for drawing: world positions (metres), unit outward
// normals per vertex, and counter-clockwise triangles (seen from outside) indexing both. Each
// capsule is a closed surface of its own; capsules overlap where the body's parts meet.
type BodyMesh struct {
	Positions, Normals []mgl64.Vec3
	Triangles          [][3]int32
}

// Tessellation of one capsule: meshAround vertices per ring, meshLat rings per hemispherical cap.
// 16 × 4 keeps the whole body near 5,000 triangles, smooth enough for ghost images at any zoom.
const (
	meshAround = 16
	meshLat    = 4
)

// meshTemplate is the mesh in capsule coordinates: each vertex is a sample with unit offset (x, y, z)
// (the radius is applied per capsule), and capsule i owns vertices vstart[i]:vstart[i+1] and
// triangles tstart[i]:tstart[i+1].
type meshTemplate struct {
	verts          []sample
	tris           [][3]int32
	vstart, tstart [numCapsules + 1]int
}

// buildMeshTemplate tessellates every capsule: a pole, meshLat rings over the cap at A, the same
// over the cap at B, and the other pole. A sphere shares its equator instead of repeating it.
func buildMeshTemplate(pl *[numCapsules]placement) meshTemplate {
	var m meshTemplate
	for i := range pl {
		m.vstart[i], m.tstart[i] = len(m.verts), len(m.tris)
		base := int32(len(m.verts))
		m.verts = append(m.verts, sample{s: 0, z: -1})
		rings := capRings(pl[i].length == 0)
		for _, r := range rings {
			for k := 0; k < meshAround; k++ {
				phi := 2 * math.Pi * float64(k) / meshAround
				m.verts = append(m.verts, sample{s: r.s, x: r.rho * math.Cos(phi), y: r.rho * math.Sin(phi), z: r.z})
			}
		}
		m.verts = append(m.verts, sample{s: 1, z: 1})
		m.tris = appendCapsuleTriangles(m.tris, base, len(rings))
	}
	m.vstart[numCapsules], m.tstart[numCapsules] = len(m.verts), len(m.tris)
	return m
}

type ring struct{ s, rho, z float64 }

// capRings lists the rings from the A pole to the B pole (poles excluded), each as its end (s),
// radial and axial unit offsets.
func capRings(sphere bool) []ring {
	var rings []ring
	for k := 1; k <= meshLat; k++ { // cap at A, from near its pole to the equator
		th := math.Pi / 2 * float64(k) / meshLat
		rings = append(rings, ring{s: 0, rho: math.Sin(th), z: -math.Cos(th)})
	}
	first := meshLat
	if sphere {
		first = meshLat - 1
	}
	for k := first; k >= 1; k-- { // cap at B, from its equator to near its pole
		th := math.Pi / 2 * float64(k) / meshLat
		rings = append(rings, ring{s: 1, rho: math.Sin(th), z: math.Cos(th)})
	}
	return rings
}

// appendCapsuleTriangles adds the triangles of one capsule whose vertices are, from base: the A
// pole, nRings rings of meshAround vertices, the B pole. Rings advance along +axis and angles turn
// from e1 to e2, so (k, k+1, next ring's k+1) winds counter-clockwise seen from outside.
func appendCapsuleTriangles(tris [][3]int32, base int32, nRings int) [][3]int32 {
	at := func(r, k int) int32 { return base + 1 + int32(r*meshAround+k%meshAround) }
	poleB := base + 1 + int32(nRings*meshAround)
	for k := 0; k < meshAround; k++ {
		tris = append(tris, [3]int32{base, at(0, k+1), at(0, k)})
		for r := 0; r+1 < nRings; r++ {
			tris = append(tris, [3]int32{at(r, k), at(r, k+1), at(r+1, k+1)}, [3]int32{at(r, k), at(r+1, k+1), at(r+1, k)})
		}
		tris = append(tris, [3]int32{at(nRings-1, k), at(nRings-1, k+1), poleB})
	}
	return tris
}

// Mesh returns a closed triangle mesh of the frame's capsules, about 5,000 triangles, for drawing.
func (b *Body) Mesh(p Pose) *BodyMesh {
	var pl [numCapsules]placement
	b.place(p, &pl)
	m := &b.mesh
	out := &BodyMesh{
		Positions: make([]mgl64.Vec3, len(m.verts)),
		Normals:   make([]mgl64.Vec3, len(m.verts)),
		Triangles: append([][3]int32(nil), m.tris...),
	}
	for i := range pl {
		c, r := &pl[i], b.caps[i].radius
		for v := m.vstart[i]; v < m.vstart[i+1]; v++ {
			s := &m.verts[v]
			n := &out.Normals[v]
			for k := 0; k < 3; k++ {
				n[k] = s.x*c.e1[k] + s.y*c.e2[k] + s.z*c.e3[k]
				out.Positions[v][k] = c.a[k] + s.s*c.length*c.e3[k] + r*n[k]
			}
		}
	}
	return out
}

// surfaceSamples draws about one point per spacing² of a capsule's surface: staggered rings on the
// cylinder (0 < s < 1, z = 0) and a Fibonacci sphere split between the two caps (s = 0 where z ≤ 0,
// s = 1 where z > 0; all of it for a sphere).
func surfaceSamples(radius, length, spacing float64) []sample {
	var out []sample
	if length > 0 {
		rings := max(1, int(math.Round(length/spacing)))
		around := max(3, int(math.Round(2*math.Pi*radius/spacing)))
		for i := 0; i < rings; i++ {
			for k := 0; k < around; k++ {
				phi := 2 * math.Pi * (float64(k) + 0.5*float64(i%2)) / float64(around)
				out = append(out, sample{s: (float64(i) + 0.5) / float64(rings),
					x: radius * math.Cos(phi), y: radius * math.Sin(phi)})
			}
		}
	}
	n := max(2, int(math.Round(4*math.Pi*radius*radius/(spacing*spacing))))
	golden := math.Pi * (3 - math.Sqrt(5))
	for k := 0; k < n; k++ {
		z := 1 - 2*(float64(k)+0.5)/float64(n)
		rho, phi := math.Sqrt(1-z*z), golden*float64(k)
		s := 0.0
		if z > 0 {
			s = 1
		}
		out = append(out, sample{s: s, x: radius * rho * math.Cos(phi), y: radius * rho * math.Sin(phi), z: radius * z})
	}
	return out
}

// MeshRange returns the vertices [start, end) of capsule i in Mesh's result: each capsule's
// vertices are contiguous and the capsules come in Capsules' order. An index out of range gives an
// empty range. With CapsuleJoints it is what a skinned export needs to bind each capsule rigidly.
func (b *Body) MeshRange(i int) (start, end int) {
	if i < 0 || i >= numCapsules {
		return 0, 0
	}
	return b.mesh.vstart[i], b.mesh.vstart[i+1]
}

// CapsuleJoints returns the joints capsule i hangs from: at, the joint at its first end, and frame,
// the joint whose global rotation (GlobalRotations of IK's rotations) turns it. A bone that sits at
// at and turns with frame's global rotation carries the capsule rigidly, exactly as Mesh places it
// whenever the pose's bone lengths are the skeleton's. An index out of range gives (-1, -1).
func (b *Body) CapsuleJoints(i int) (at, frame Joint) {
	if i < 0 || i >= numCapsules {
		return -1, -1
	}
	return b.caps[i].a, b.caps[i].frame
}
