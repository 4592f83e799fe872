package smplx

import "interactagent/motion"

// weights reads weights (N, J) and merges every joint beyond 21 onto its nearest ancestor among the
// first 22 (exact while jaw, eyes and hands are at zero pose), keeping the nonzero merged weights.
func (l *modelLoader) weights() error {
	const key = "weights"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantFloat(key, h); err != nil {
			return 0, err
		}
		if len(h.shape) != 2 || h.shape[0] != l.n || h.shape[1] != l.j {
			return 0, l.a.fail(key, "shape %s, want (%d, %d) like J_regressor", shapeString(h.shape), l.n, l.j)
		}
		fortran = h.fortran
		return allRows, nil
	}
	body := bodyAncestors(l.m.Parents)
	merged := make([]float64, l.n*motion.NumJoints)
	err := l.read(key, check, func(r int, row []float64) error {
		for i, w := range row {
			v, j := r, i
			if fortran {
				v, j = i, r
			}
			if !(w >= -weightSlack && w <= 1+weightSlack) {
				return l.a.fail(key, "element (%d, %d) is %v, want a weight in [0, 1]", v, j, w)
			}
			merged[v*motion.NumJoints+body[j]] += w
		}
		return nil
	})
	if err != nil {
		return err
	}
	return l.mergedWeights(key, merged)
}

// weightSlack is how far outside [0, 1] a weight, and how far from 1 a vertex's sum, may lie.
const weightSlack = 1e-3

// mergedWeights keeps the nonzero merged weights of each vertex, refusing a vertex whose weights do
// not sum to 1.
func (l *modelLoader) mergedWeights(key string, merged []float64) error {
	m := l.m
	m.skinStart = make([]int32, l.n+1)
	m.skin = m.skin[:0]
	for v := range l.n {
		row := merged[v*motion.NumJoints : (v+1)*motion.NumJoints]
		sum := 0.0
		for j, w := range row {
			sum += w
			if w != 0 {
				m.skin = append(m.skin, skinTerm{joint: int32(j), weight: w})
			}
		}
		if !(sum >= 1-weightSlack && sum <= 1+weightSlack) {
			return l.a.fail(key, "the weights of vertex %d sum to %v, want 1", v, sum)
		}
		m.skinStart[v+1] = int32(len(m.skin))
	}
	return nil
}

// bodyAncestors returns, per joint, itself for the first 22 and its nearest ancestor among them
// for the rest (parents come before their children: checkParents made sure).
func bodyAncestors(parents []int) []int {
	out := make([]int, len(parents))
	for j := range out {
		out[j] = j
		if j >= motion.NumJoints {
			out[j] = out[parents[j]]
		}
	}
	return out
}

// faces reads f (F, 3), triangles as vertex indices of any integer type.
func (l *modelLoader) faces() error {
	const key = "f"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantInt(key, h); err != nil {
			return 0, err
		}
		if len(h.shape) != 2 || h.shape[1] != 3 || h.shape[0] < 1 || h.shape[0] > MaxFaces {
			return 0, l.a.fail(key, "shape %s, want (F, 3) with 1 ≤ F ≤ %d triangles", shapeString(h.shape), MaxFaces)
		}
		fortran = h.fortran
		l.m.Faces = make([][3]uint32, h.shape[0])
		return allRows, nil
	}
	err := l.read(key, check, func(r int, row []float64) error {
		for i, x := range row {
			f, k := r, i
			if fortran {
				f, k = i, r
			}
			if !(x >= 0 && x < float64(l.n)) {
				return l.a.fail(key, "element (%d, %d) is %v, want a vertex index from 0 to %d", f, k, x, l.n-1)
			}
			l.m.Faces[f][k] = uint32(x)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return checkFaces(l.a, key, l.m.Faces)
}

// shapeDirs reads shapedirs (N, 3, S) and keeps the shape components (keptShapes), in float32.
func (l *modelLoader) shapeDirs() error {
	const key = "shapedirs"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantFloat(key, h); err != nil {
			return 0, err
		}
		if len(h.shape) != 3 || h.shape[0] != l.n || h.shape[1] != 3 || h.shape[2] < 1 || h.shape[2] > MaxShapeColumns {
			return 0, l.a.fail(key, "shape %s, want (%d, 3, S) like v_template with 1 ≤ S ≤ %d", shapeString(h.shape), l.n, MaxShapeColumns)
		}
		fortran = h.fortran
		l.m.NumBetas = keptShapes(l.m.Family, h.shape[2])
		l.m.shapeDirs = make([]float32, l.m.NumBetas*3*l.n)
		if fortran { // a row per (coordinate, component), components slowest: read only the kept
			return 3 * l.m.NumBetas, nil
		}
		return allRows, nil
	}
	return l.read(key, check, func(r int, row []float64) error {
		if fortran { // row r = c + 3k holds shapedirs[:, c, k]
			c, k := r%3, r/3
			dst := l.m.shapeDirs[k*3*l.n:]
			for v, x := range row {
				dst[3*v+c] = float32(x)
			}
			return nil
		}
		for k, x := range row[:l.m.NumBetas] { // row r = 3v + c holds shapedirs[v, c, :]
			l.m.shapeDirs[k*3*l.n+r] = float32(x)
		}
		return nil
	})
}

// keptShapes returns how many of a file's shapedirs columns are kept: its shape components, as
// the smplx package's body_models.py reads them (an SMPL-X file with 400 columns has 300 shape and
// 100 expression components, one with fewer — the 2019 files: 20 — 10 and 10; SMPL and SMPL-H
// files have only shape components), at most MaxBetas of them.
func keptShapes(f Family, cols int) int {
	switch {
	case f != SMPLX:
		return min(cols, MaxBetas)
	case cols >= 400:
		return MaxBetas
	}
	return min(10, cols)
}

// poseDirs reads posedirs (N, 3, (J−1)·9) and keeps the columns of body joints 1 to 21, in float32.
func (l *modelLoader) poseDirs() error {
	const key = "posedirs"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantFloat(key, h); err != nil {
			return 0, err
		}
		if p := (l.j - 1) * 9; len(h.shape) != 3 || h.shape[0] != l.n || h.shape[1] != 3 || h.shape[2] != p {
			return 0, l.a.fail(key, "shape %s, want (%d, 3, %d): 9 columns per joint but the root", shapeString(h.shape), l.n, p)
		}
		fortran = h.fortran
		l.m.poseDirs = make([]float32, 3*l.n*poseStride)
		if fortran { // a row per (coordinate, column), columns slowest: read only the kept
			return 3 * numPoseFeatures, nil
		}
		return allRows, nil
	}
	return l.read(key, check, func(r int, row []float64) error {
		if fortran { // row r = c + 3k holds posedirs[:, c, k]
			c, k := r%3, r/3
			for v, x := range row {
				l.m.poseDirs[(3*v+c)*poseStride+k] = float32(x)
			}
			return nil
		}
		dst := l.m.poseDirs[r*poseStride:] // row r = 3v + c holds posedirs[v, c, :]
		for k, x := range row[:numPoseFeatures] {
			dst[k] = float32(x)
		}
		return nil
	})
}

// maxEntry bounds the entries of shapedirs, posedirs and J_regressor: far beyond any real model's
// (centimetres per unit, regressor weights up to 1), it keeps sums of them finite.
const maxEntry = 10.0
