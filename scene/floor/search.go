package floor

import "math"

// searchState is the working memory of one A* search over a floor's cells. Path takes one from
// the floor's pool and puts it back, so a search allocates nothing once the pool is warm, and
// several goroutines searching at once each have their own. Marks carry the number of the search
// that set them, so a new search need not clear arrays the size of the grid.
type searchState struct {
	g      []float64 // cost from the start, valid where seen == gen
	from   []int32   // the cell a cell was reached from, valid where seen == gen
	seen   []uint32
	closed []uint32
	gen    uint32
	open   []node // binary heap on (f, h)
}

// node is a cell waiting in the open set, with its estimated total cost f and the
// heuristic part h (the lower h wins ties: it is nearer the goal).
type node struct {
	f, h float64
	c    int32
}

// The eight steps: the four side neighbours, then the diagonals.
var steps = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// search returns the cells of a shortest 8-neighbour path from start to goal (both free),
// start first, or nil when there is none. A step costs its length (a cell, or a cell × √2 on a
// diagonal) and a diagonal step needs both cells beside it free, so the path never cuts a
// blocked cell's corner. The octile distance never overestimates the remaining cost, so the
// path is a shortest one.
func (f *Floor) search(start, goal int) []int {
	s := f.takeSearch()
	defer f.searches.Put(s)
	s.reach(start, -1, 0, f.octile(start, goal))
	for len(s.open) > 0 {
		n := s.pop()
		if s.closed[n.c] == s.gen {
			continue // a stale entry: the cell was closed at a lower cost
		}
		s.closed[n.c] = s.gen
		if int(n.c) == goal {
			return s.trace(goal)
		}
		f.expand(s, int(n.c), goal)
	}
	return nil
}

// expand offers every free neighbour of c a path through c.
func (f *Floor) expand(s *searchState, c, goal int) {
	i, j := c%f.nx, c/f.nx
	for k, d := range steps {
		ni, nj := i+d[0], j+d[1]
		if !f.freeIJ(ni, nj) {
			continue
		}
		cost := f.opt.Cell
		if k >= 4 {
			if !f.freeIJ(ni, j) || !f.freeIJ(i, nj) {
				continue
			}
			cost *= math.Sqrt2
		}
		n, g := nj*f.nx+ni, s.g[c]+cost
		if s.closed[n] != s.gen && (s.seen[n] != s.gen || g < s.g[n]) {
			s.reach(n, c, g, f.octile(n, goal))
		}
	}
}

// octile returns the cost of the shortest 8-neighbour path from cell a to cell b on an empty
// grid: the diagonal steps along the shorter axis, then straight ones.
func (f *Floor) octile(a, b int) float64 {
	dx, dz := absInt(a%f.nx-b%f.nx), absInt(a/f.nx-b/f.nx)
	return f.opt.Cell * (float64(max(dx, dz)) + (math.Sqrt2-1)*float64(min(dx, dz)))
}

// absInt returns |x|.
func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// takeSearch returns a search from the pool, or a new one, ready for a new search.
func (f *Floor) takeSearch() *searchState {
	s, _ := f.searches.Get().(*searchState)
	if s == nil {
		n := len(f.dist)
		s = &searchState{g: make([]float64, n), from: make([]int32, n), seen: make([]uint32, n), closed: make([]uint32, n)}
	}
	s.gen++
	if s.gen == 0 { // wrapped after 4 billion searches: old marks could match again
		clear(s.seen)
		clear(s.closed)
		s.gen = 1
	}
	s.open = s.open[:0]
	return s
}

// reach records that cell c costs g from the start, coming from cell from, and queues it.
func (s *searchState) reach(c, from int, g, h float64) {
	s.g[c], s.from[c], s.seen[c] = g, int32(from), s.gen
	s.push(node{f: g + h, h: h, c: int32(c)})
}

// trace returns the cells from the start to goal, following where each was reached from.
func (s *searchState) trace(goal int) []int {
	var out []int
	for c := goal; c >= 0; c = int(s.from[c]) {
		out = append(out, c)
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

// less orders the heap: lower f first, then lower h.
func (n node) less(o node) bool { return n.f < o.f || (n.f == o.f && n.h < o.h) }

// push adds n to the heap.
func (s *searchState) push(n node) {
	s.open = append(s.open, n)
	for k := len(s.open) - 1; k > 0; {
		p := (k - 1) / 2
		if !s.open[k].less(s.open[p]) {
			break
		}
		s.open[k], s.open[p] = s.open[p], s.open[k]
		k = p
	}
}

// pop removes and returns the heap's least node; the heap is not empty.
func (s *searchState) pop() node {
	top, last := s.open[0], len(s.open)-1
	s.open[0] = s.open[last]
	s.open = s.open[:last]
	for k := 0; ; {
		m, l, r := k, 2*k+1, 2*k+2
		if l < last && s.open[l].less(s.open[m]) {
			m = l
		}
		if r < last && s.open[r].less(s.open[m]) {
			m = r
		}
		if m == k {
			return top
		}
		s.open[k], s.open[m] = s.open[m], s.open[k]
		k = m
	}
}
