package distance

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// cellGrid answers exact queries near surfaces without walking the hierarchy over solids: a sparse
// grid of cubic cells, kept only where some solid's box comes within cellReach of the cell,
// lists for each such cell the solids whose boxes do, with their boxes. A query searches its
// cell's solids nearest box first; when the best signed distance found (floor included) is at
// most cellReach it is exact, because every solid not listed has its box, and so its surface
// and its inside, farther than that from every point of the cell. Otherwise (or where no cell is
// kept) the hierarchy finishes the search from that bound.
//
// Near surfaces, where penetration and contact queries are, a cell lists a handful of solids,
// and the lookup is two memory accesses where the hierarchy is a chain of six or seven nodes.
// The grid holds only cells near solids' boxes: its size follows the surfaces, not the room's
// volume.
type cellGrid struct {
	origin mgl64.Vec3 // corner of cell (0, 0, 0)
	dims   [3]float64 // cells along each axis
	slots  []cellSlot
	shift  uint // 64 − log2(len(slots)): the hash keeps the top bits
	items  []cellItem
}

// cellSlot is one entry of the grid's open-addressing hash table: the packed cell
// coordinates plus one (0: an empty slot) and the cell's run of items.
type cellSlot struct {
	key          uint64
	first, count int32
}

// cellItem is a solid listed in a cell, with its box rounded outward to float32.
type cellItem struct {
	lo, hi [3]float32
	solid  int32
	_      int32 // 32 bytes: two items per cache line
}

const (
	// cellSize is the cells' edge (metres); a power of two, so that positions divide exactly.
	cellSize = 0.5
	// cellReach is how near a surface a query must be for its cell to answer it (metres).
	cellReach = 0.1
	// cellSlack widens the reach used to list solids so that rounding in locating a point's
	// cell (far below a micrometre in any scene) cannot leave out a solid within cellReach.
	cellSlack = 1e-3
	// cellMaxList is the most solids a cell lists; a more crowded cell is left out and its
	// queries walk the hierarchy, which prunes such crowds better than a list.
	cellMaxList = 32
	// cellBits is the bits per axis of a packed cell key.
	cellBits = 21
	// cellsPerTriangle and cellMinBudget bound the entries (solid in a cell) a grid may
	// have: a procedural room has well under one per triangle.
	cellsPerTriangle = 2
	cellMinBudget    = 1 << 16
)

// newCellGrid builds the grid over solids (in the order Exact keeps them) inside bounds; nil
// when there are none, the scene is too large for the packed keys, or the solids' boxes would
// fill more than cellsPerTriangle entries per triangle (huge boxes: a sky dome, a terrain),
// where the hierarchy alone serves.
func newCellGrid(solids []shape, bounds geom.Box) *cellGrid {
	if len(solids) == 0 || bounds.Empty() {
		return nil
	}
	reach := cellReach + cellSlack
	g := &cellGrid{origin: bounds.Lo.Sub(mgl64.Vec3{reach, reach, reach})}
	for k := 0; k < 3; k++ {
		g.dims[k] = math.Floor((bounds.Hi[k]+reach-g.origin[k])/cellSize) + 1
		if !(g.dims[k] <= 1<<cellBits) {
			return nil
		}
	}
	ranges := make([][2][3]uint64, len(solids))
	total, tris := 0.0, 0
	for si := range solids {
		b, r := solids[si].box.Expand(reach), &ranges[si]
		cells := 1.0
		for k := 0; k < 3; k++ {
			r[0][k] = uint64(max(math.Floor((b.Lo[k]-g.origin[k])/cellSize), 0))
			r[1][k] = uint64(min(math.Floor((b.Hi[k]-g.origin[k])/cellSize), g.dims[k]-1))
			cells *= float64(r[1][k]-r[0][k]) + 1
		}
		total += cells
		tris += len(solids[si].bvh.tris)
	}
	if total > float64(max(cellMinBudget, cellsPerTriangle*tris)) {
		return nil
	}
	type entry struct {
		key   uint64
		solid int32
	}
	entries := make([]entry, 0, int(total))
	for si := range solids {
		lo, hi := ranges[si][0], ranges[si][1]
		for x := lo[0]; x <= hi[0]; x++ {
			for y := lo[1]; y <= hi[1]; y++ {
				for z := lo[2]; z <= hi[2]; z++ {
					entries = append(entries, entry{key: cellKey(x, y, z), solid: int32(si)})
				}
			}
		}
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		return int(a.solid - b.solid)
	})
	cells := 0
	for i := range entries {
		if i == 0 || entries[i].key != entries[i-1].key {
			cells++
		}
	}
	bits := uint(1)
	for 1<<bits < 2*cells {
		bits++
	}
	g.slots, g.shift = make([]cellSlot, 1<<bits), 64-bits
	for s := 0; s < len(entries); {
		e := s + 1
		for e < len(entries) && entries[e].key == entries[s].key {
			e++
		}
		if e-s <= cellMaxList {
			first := int32(len(g.items))
			for _, en := range entries[s:e] {
				it := cellItem{solid: en.solid}
				b := solids[en.solid].box
				for k := 0; k < 3; k++ {
					it.lo[k], it.hi[k] = roundDown32(b.Lo[k]), roundUp32(b.Hi[k])
				}
				g.items = append(g.items, it)
			}
			g.insert(entries[s].key, first, int32(e-s))
		}
		s = e
	}
	return g
}

// cellKey packs cell coordinates into a key.
func cellKey(x, y, z uint64) uint64 {
	return x | y<<cellBits | z<<(2*cellBits)
}

// slot returns where the search for key starts in the hash table (Fibonacci hashing).
func (g *cellGrid) slot(key uint64) int {
	return int((key + 1) * 0x9E3779B97F4A7C15 >> g.shift)
}

// insert records the cell key's run of items.
func (g *cellGrid) insert(key uint64, first, count int32) {
	mask := len(g.slots) - 1
	i := g.slot(key)
	for g.slots[i].key != 0 {
		i = (i + 1) & mask
	}
	g.slots[i] = cellSlot{key: key + 1, first: first, count: count}
}

// lookup returns the solids listed for p's cell; nil where no cell is kept (far from every
// solid, in a crowded cell, outside the grid, or p not finite).
func (g *cellGrid) lookup(p mgl64.Vec3) []cellItem {
	if g == nil {
		return nil
	}
	var c [3]uint64
	for k := 0; k < 3; k++ {
		f := math.Floor((p[k] - g.origin[k]) * (1 / cellSize))
		if !(f >= 0 && f < g.dims[k]) {
			return nil
		}
		c[k] = uint64(f)
	}
	key := cellKey(c[0], c[1], c[2]) + 1
	mask := len(g.slots) - 1
	for i := g.slot(key - 1); ; i = (i + 1) & mask {
		s := &g.slots[i]
		if s.key == key {
			return g.items[s.first : s.first+s.count]
		}
		if s.key == 0 {
			return nil
		}
	}
}

// key returns boxBound's ordering key for the item's box seen from p (see bvhNode.keys).
func (it *cellItem) key(px, py, pz float64) float64 {
	ax, bx := float64(it.lo[0])-px, px-float64(it.hi[0])
	ay, by := float64(it.lo[1])-py, py-float64(it.hi[1])
	az, bz := float64(it.lo[2])-pz, pz-float64(it.hi[2])
	ox := ax + math.Abs(ax) + bx + math.Abs(bx)
	oy := ay + math.Abs(ay) + by + math.Abs(by)
	oz := az + math.Abs(az) + bz + math.Abs(bz)
	if k := 0.25 * (ox*ox + oy*oy + oz*oz); k != 0 {
		return k
	}
	return max(ax, bx, ay, by, az, bz)
}
