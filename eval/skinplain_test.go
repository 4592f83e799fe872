package eval

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
	"interactagent/scene/furniture"
)

// A reference for penetration that shares nothing with scene/distance: a point's depth inside a
// closed mesh is its distance to the nearest triangle when a ray from it crosses the mesh an odd
// number of times, else 0; the scene's depth is the deepest over its parts and below the floor.

// lPrism is a closed L-shaped prism (non-convex) from y0 to y1 over the corners of an L in x, z,
// offset by at.
func lPrism(at mgl64.Vec3, y0, y1 float64) *scene.Mesh {
	l := [][2]float64{{0, 0}, {1.2, 0}, {1.2, 0.5}, {0.5, 0.5}, {0.5, 1.2}, {0, 1.2}}
	m := &scene.Mesh{}
	for _, y := range []float64{y0, y1} {
		for _, c := range l {
			m.Vertices = append(m.Vertices, at.Add(mgl64.Vec3{c[0], y, c[1]}))
		}
	}
	n := int32(len(l))
	for k := int32(1); k+1 < n; k++ { // the L is star-shaped from its first corner
		m.Triangles = append(m.Triangles, [3]int32{0, k, k + 1}, [3]int32{n, n + k + 1, n + k})
	}
	for k := int32(0); k < n; k++ {
		j := (k + 1) % n
		m.Triangles = append(m.Triangles, [3]int32{k, n + k, j}, [3]int32{j, n + k, n + j})
	}
	if signedVolume(m) < 0 {
		for i, t := range m.Triangles {
			m.Triangles[i] = [3]int32{t[0], t[2], t[1]}
		}
	}
	return m
}

// signedVolume is the volume a closed mesh encloses, positive when its triangles face out.
func signedVolume(m *scene.Mesh) float64 {
	v := 0.0
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		v += a.Dot(b.Cross(c)) / 6
	}
	return v
}

// plainDepth is how deep p is inside the closed meshes (one closed piece each) or below the floor.
func plainDepth(meshes []*scene.Mesh, p mgl64.Vec3) float64 {
	best := max(0, -p.Y())
	for _, m := range meshes {
		if crossings(m, p)%2 == 1 {
			best = max(best, nearestTriangle(m, p))
		}
	}
	return best
}

// crossings counts the triangles of m that a ray from p in a fixed, oblique direction crosses
// (Möller–Trumbore).
func crossings(m *scene.Mesh, p mgl64.Vec3) int {
	d := mgl64.Vec3{0.3137, 0.7291, 0.1873}.Normalize()
	n := 0
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		e1, e2 := b.Sub(a), c.Sub(a)
		h := d.Cross(e2)
		det := e1.Dot(h)
		if math.Abs(det) < 1e-14 {
			continue
		}
		s := p.Sub(a)
		u := s.Dot(h) / det
		q := s.Cross(e1)
		v := d.Dot(q) / det
		if t := e2.Dot(q) / det; u >= 0 && v >= 0 && u+v <= 1 && t > 0 {
			n++
		}
	}
	return n
}

// nearestTriangle is the distance from p to the nearest triangle of m, each triangle's nearest
// point found by projecting onto its plane and, outside it, onto its three edges.
func nearestTriangle(m *scene.Mesh, p mgl64.Vec3) float64 {
	best := math.Inf(1)
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		best = min(best, triangleDistance(p, a, b, c))
	}
	return best
}

// triangleDistance is the distance from p to the triangle abc.
func triangleDistance(p, a, b, c mgl64.Vec3) float64 {
	n := b.Sub(a).Cross(c.Sub(a)).Normalize()
	q := p.Sub(n.Mul(p.Sub(a).Dot(n)))
	inside := true
	for _, e := range [][2]mgl64.Vec3{{a, b}, {b, c}, {c, a}} {
		if e[1].Sub(e[0]).Cross(q.Sub(e[0])).Dot(n) < 0 {
			inside = false
		}
	}
	if inside {
		return p.Sub(q).Len()
	}
	return min(segmentDistance(p, a, b), segmentDistance(p, b, c), segmentDistance(p, c, a))
}

// segmentDistance is the distance from p to the segment ab.
func segmentDistance(p, a, b mgl64.Vec3) float64 {
	ab := b.Sub(a)
	t := min(max(p.Sub(a).Dot(ab)/ab.Dot(ab), 0), 1)
	return p.Sub(a.Add(ab.Mul(t))).Len()
}

// TestSkinPenetrationMatchesPlainGeometry measures 16 jittered poses standing in, sitting on and
// leaning over a non-convex L-shaped block and a box on the human body, and compares every frame
// with a sum over the same 13,380 vertices skinned by the formula, each vertex's depth from the
// plain reference above: the sums agree to what culling may drop (10,475 × CullTolerance).
func TestSkinPenetrationMatchesPlainGeometry(t *testing.T) {
	meshes := []*scene.Mesh{lPrism(mgl64.Vec3{-0.6, 0, -0.6}, 0, 0.45), furniture.BoxMesh(mgl64.Vec3{1.2, 0, -0.4}, mgl64.Vec3{1.8, 0.75, 0.4})}
	s := &scene.Scene{}
	for i, m := range meshes {
		s.Objects = append(s.Objects, &scene.Object{ID: []string{"l_block", "box"}[i], Parts: []scene.Part{{Name: "body", Mesh: m}}})
	}
	prep := Prepare(s)
	skin := humanSkin(t)
	rng := rand.New(rand.NewPCG(9, 10))
	c := &motion.Clip{FPS: 20}
	for i := 0; i < 16; i++ {
		at := mgl64.Vec3{-0.2 + 1.8*rng.Float64(), 0, -0.5 + rng.Float64()}
		pose := motion.RestPose().RotateY(rng.Float64() * 6.3).Translate(at.Add(mgl64.Vec3{0, rng.Float64()*0.1 - 0.02, 0}))
		if i%2 == 0 {
			pose = seatedPose(at.Add(mgl64.Vec3{0, 0.45 + 0.15*rng.Float64(), 0}))
		}
		c.Frames = append(c.Frames, jitter(pose, 0.02, rng))
	}
	st, err := Penetration(prep, c, skin)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := body.NewFitter(skin.Model(), c)
	if err != nil {
		t.Fatal(err)
	}
	m, inside, inL := skin.Model(), 0, 0
	for f, pose := range c.Frames {
		sk, err := fit.Frame(pose)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for v, p := range skinByFormula(m, &sk) {
			if d := plainDepth(meshes, p); d > 0 {
				sum += 10475 * m.Area[v] * d
				inside++
			}
			if crossings(meshes[0], p)%2 == 1 {
				inL++
			}
		}
		if diff := sum - st.PerFrame[f]; math.Abs(diff) > 10475*distance.CullTolerance+1e-9*sum {
			t.Errorf("frame %d: fast sum %.6f, plain geometry %.6f", f, st.PerFrame[f], sum)
		}
	}
	if inside < 5000 || inL < 500 {
		t.Fatalf("only %d vertices inside anything, %d in the L: the test does not exercise depths", inside, inL)
	}
}
