package trumanstest

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// TestVoxelizeAgreesWithMeshes checks voxels of the grid against a slow inside test along another
// direction (ray parity with Möller–Trumbore), at random voxels in the boxes of the solids.
func TestVoxelizeAgreesWithMeshes(t *testing.T) {
	room, err := roomScene(false)
	if err != nil {
		t.Fatal(err)
	}
	placed, err := buildObjects()
	if err != nil {
		t.Fatal(err)
	}
	solids := room.Objects[1:]
	for _, p := range placed {
		solids = append(solids, p.world)
	}
	g := Voxelize(solids)
	rng := rand.New(rand.NewPCG(1, 2))
	occupied, wrong := 0, 0
	for _, o := range solids {
		b := o.Bounds()
		for range 400 {
			p := b.Lo.Add(mgl64.Vec3{rng.Float64() * b.Size().X(), rng.Float64() * b.Size().Y(), rng.Float64() * b.Size().Z()})
			i, j, k := int((p.X()-g.Lo.X())/g.Voxel), int((p.Y()-g.Lo.Y())/g.Voxel), int((p.Z()-g.Lo.Z())/g.Voxel)
			if i < 0 || j < 0 || k < 0 || i >= g.Dims[0] || j >= g.Dims[1] || k >= g.Dims[2] {
				continue
			}
			c := g.Lo.Add(mgl64.Vec3{float64(i) + 0.5, float64(j) + 0.5, float64(k) + 0.5}.Mul(g.Voxel))
			in := insideAny(solids, c)
			if onSurface(solids, c, in) {
				continue // either answer is right
			}
			if in {
				occupied++
			}
			if in != g.Occupied[g.Index(i, j, k)] {
				wrong++
				t.Logf("%s at %v: inside %v, the grid says otherwise", o.ID, c, in)
			}
		}
	}
	if wrong > 0 || occupied < 150 {
		t.Errorf("%d voxels disagree with the slow test (%d occupied seen)", wrong, occupied)
	}
}

// onSurface reports whether moving p by 2 mm along an axis changes whether it is inside (in).
func onSurface(objects []*scene.Object, p mgl64.Vec3, in bool) bool {
	for k := 0; k < 3; k++ {
		var d mgl64.Vec3
		d[k] = 0.002
		if insideAny(objects, p.Add(d)) != in || insideAny(objects, p.Sub(d)) != in {
			return true
		}
	}
	return false
}

// insideAny reports whether p lies inside a closed part of one of the objects.
func insideAny(objects []*scene.Object, p mgl64.Vec3) bool {
	dir := mgl64.Vec3{1, 0.0013, 0.0021}
	for _, o := range objects {
		for _, pt := range o.Parts {
			n := 0
			for i := range pt.Mesh.Triangles {
				a, b, c := pt.Mesh.Triangle(i)
				if rayHits(p, dir, a, b, c) {
					n++
				}
			}
			if n%2 == 1 {
				return true
			}
		}
	}
	return false
}

// rayHits reports whether the ray from o along d meets triangle abc (Möller–Trumbore).
func rayHits(o, d, a, b, c mgl64.Vec3) bool {
	e1, e2 := b.Sub(a), c.Sub(a)
	h := d.Cross(e2)
	det := e1.Dot(h)
	if det > -1e-12 && det < 1e-12 {
		return false
	}
	s := o.Sub(a)
	u := s.Dot(h) / det
	q := s.Cross(e1)
	v := d.Dot(q) / det
	return u >= 0 && v >= 0 && u+v <= 1 && e2.Dot(q)/det > 0
}
