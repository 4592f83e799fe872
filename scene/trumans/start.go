package trumans

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// The start is a free spot of the grid: startClear metres from anything occupied between ankle
// and head height, nearest to the middle of the room.
const (
	startClear = 0.4
	startLow   = 0.1
	startHigh  = 1.8
)

// startOf returns where the person starts in a room: the free column of g (nil: the middle of
// the room) nearest to the middle of box b, facing the nearest labelled object.
func startOf(g *scene.Grid, b geom.Box, objects []*scene.Object) motion.State {
	c := b.Center()
	c[1] = 0
	if g != nil {
		if p, ok := freeNear(g, c); ok {
			c = p
		}
	}
	return motion.State{Root: c, Heading: facing(c, objects)}
}

// freeNear returns the centre of the free column of g nearest to p whose neighbours within
// startClear are free too; false when there is none.
func freeNear(g *scene.Grid, p mgl64.Vec3) (mgl64.Vec3, bool) {
	free := freeColumns(g)
	r := int(math.Ceil(startClear / g.Voxel))
	best, bestD := mgl64.Vec3{}, math.Inf(1)
	for i := r; i < g.Dims[0]-r; i += 2 {
		for k := r; k < g.Dims[2]-r; k += 2 {
			q := g.Lo.Add(mgl64.Vec3{(float64(i) + 0.5) * g.Voxel, 0, (float64(k) + 0.5) * g.Voxel})
			q[1] = 0
			if d := q.Sub(p).Len(); d < bestD && clearAround(free, g, i, k, r) {
				best, bestD = q, d
			}
		}
	}
	return best, !math.IsInf(bestD, 1)
}

// freeColumns marks the columns (x, z) of g that are free from startLow to startHigh.
func freeColumns(g *scene.Grid) []bool {
	j0 := max(0, int((startLow-g.Lo.Y())/g.Voxel))
	j1 := min(g.Dims[1], int(math.Ceil((startHigh-g.Lo.Y())/g.Voxel)))
	free := make([]bool, g.Dims[0]*g.Dims[2])
	for i := 0; i < g.Dims[0]; i++ {
		for k := 0; k < g.Dims[2]; k++ {
			free[i*g.Dims[2]+k] = columnFree(g, i, k, j0, j1)
		}
	}
	return free
}

// columnFree reports whether voxels (i, j0..j1−1, k) are all free.
func columnFree(g *scene.Grid, i, k, j0, j1 int) bool {
	for j := j0; j < j1; j++ {
		if g.Occupied[g.Index(i, j, k)] {
			return false
		}
	}
	return true
}

// clearAround reports whether every column within r voxels of (i, k) is free.
func clearAround(free []bool, g *scene.Grid, i, k, r int) bool {
	for di := -r; di <= r; di++ {
		for dk := -r; dk <= r; dk++ {
			if di*di+dk*dk <= r*r && !free[(i+di)*g.Dims[2]+k+dk] {
				return false
			}
		}
	}
	return true
}

// facing returns the heading from p towards the nearest object that has a stand point, 0 when
// there is none (facing +Z).
func facing(p mgl64.Vec3, objects []*scene.Object) float64 {
	bestD, h := math.Inf(1), 0.0
	for _, o := range objects {
		c := o.Bounds().Center()
		d := mgl64.Vec3{c.X() - p.X(), 0, c.Z() - p.Z()}
		if len(o.StandPoints) > 0 && d.Len() < bestD && d.Len() > 1e-6 {
			bestD, h = d.Len(), math.Atan2(d.X(), d.Z())
		}
	}
	return h
}
