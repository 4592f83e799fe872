package floor

import "math"

// The neighbours each pass of the distance transform looks at: those it has already visited.
var (
	forwardSweep  = [4][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}}
	backwardSweep = [4][2]int{{1, 0}, {-1, 1}, {0, 1}, {1, 1}}
)

// propagate spreads the nearest obstacle points from the cells rasterise measured to all other
// cells, in one pass forward over the grid and one backward, each cell taking a neighbour's
// nearest point when it is nearer its own centre than the one it has ("dead reckoning", Grevera
// 2004). The result is a distance to a real obstacle point, so never less than the true distance,
// and in practice within a small fraction of a cell of it. Cells within the clearance keep the
// exact distances rasterise gave them, so which cells are free does not depend on this.
func (f *Floor) propagate() {
	f.sweep(false, &forwardSweep)
	f.sweep(true, &backwardSweep)
}

// sweep relaxes every cell in row order, or in reverse row order when backward.
func (f *Floor) sweep(backward bool, nbs *[4][2]int) {
	n := f.nx * f.nz
	for k := 0; k < n; k++ {
		c := k
		if backward {
			c = n - 1 - k
		}
		f.relax(c%f.nx, c/f.nx, nbs)
	}
}

// relax gives cell (i, j) the nearest point of a neighbour when that is nearer its centre.
func (f *Floor) relax(i, j int, nbs *[4][2]int) {
	c := j*f.nx + i
	cc, best, improved := f.center(c), f.dist[c]*f.dist[c], false
	for _, d := range nbs {
		ni, nj := i+d[0], j+d[1]
		if ni < 0 || nj < 0 || ni >= f.nx || nj >= f.nz {
			continue
		}
		n := nj*f.nx + ni
		if math.IsInf(f.dist[n], 1) {
			continue
		}
		if d2 := cc.Sub(f.near[n]).LenSqr(); d2 < best {
			best, f.near[c], improved = d2, f.near[n], true
		}
	}
	if improved {
		f.dist[c] = math.Sqrt(best)
	}
}

// labelRegions numbers the sets of free cells connected by steps to the four side neighbours.
// Path moves diagonally only between cells whose two common side neighbours are free too, so
// these are exactly the sets it can connect; two endpoints in different sets have no path.
func (f *Floor) labelRegions() {
	f.region = make([]int32, len(f.dist))
	for c := range f.region {
		f.region[c] = -1
	}
	next := int32(0)
	var queue []int
	for c := range f.region {
		if f.region[c] >= 0 || !f.freeCell(c) {
			continue
		}
		f.region[c] = next
		queue = f.flood(append(queue[:0], c), next)
		next++
	}
}

// flood gives label to every free cell connected to those in queue, and returns the queue's
// storage for reuse.
func (f *Floor) flood(queue []int, label int32) []int {
	for k := 0; k < len(queue); k++ {
		c := queue[k]
		i, j := c%f.nx, c/f.nx
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if n := (j+d[1])*f.nx + i + d[0]; f.freeIJ(i+d[0], j+d[1]) && f.region[n] < 0 {
				f.region[n] = label
				queue = append(queue, n)
			}
		}
	}
	return queue
}
