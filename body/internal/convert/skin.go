package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// skin returns the vertices the skin group's polygons use (in the file's order) and its polygons
// as triangles over that compact numbering. Every vertex must lie in the skin's vertex group.
func skin(src *source) (keep []int, faces [][3]uint32, err error) {
	inSkin, err := groupSet(src.groups, skinGroup, len(src.mesh.Vertices))
	if err != nil {
		return nil, nil, err
	}
	keep, index, err := usedVertices(src.mesh.Polygons, inSkin)
	if err != nil {
		return nil, nil, err
	}
	for _, poly := range src.mesh.Polygons {
		faces = append(faces, triangulate(poly, index, src.mesh.Vertices)...)
	}
	return keep, faces, nil
}

// usedVertices returns the vertices the polygons use, in order, and each one's new number.
func usedVertices(polys [][]int, inSkin []bool) ([]int, map[int]uint32, error) {
	index := make(map[int]uint32)
	for _, poly := range polys {
		for _, v := range poly {
			if !inSkin[v] {
				return nil, nil, fmt.Errorf("convert: %s group %q uses vertex %d, outside the group's vertices in %s", objFile, skinGroup, v+1, groupsFile)
			}
			index[v] = 0
		}
	}
	keep := slices.Sorted(maps.Keys(index))
	for i, v := range keep {
		index[v] = uint32(i)
	}
	return keep, index, nil
}

// groupSet marks the vertices of a vertex group.
func groupSet(groups map[string][][2]int, name string, n int) ([]bool, error) {
	set := make([]bool, n)
	ranges, ok := groups[name]
	if !ok {
		return nil, fmt.Errorf("convert: %s has no vertex group %q, want the skin's vertex range", groupsFile, name)
	}
	for _, r := range ranges {
		if r[0] < 0 || r[1] < r[0] || r[1] >= n {
			return nil, fmt.Errorf("convert: %s group %q has range %v, want vertices within 0..%d of %s", groupsFile, name, r, n-1, objFile)
		}
		for v := r[0]; v <= r[1]; v++ {
			set[v] = true
		}
	}
	return set, nil
}

// triangulate splits a polygon into triangles: a quad along its shorter diagonal, anything else as
// a fan from its first corner. Corners are renumbered through index.
func triangulate(poly []int, index map[int]uint32, pos []mgl64.Vec3) [][3]uint32 {
	c := make([]uint32, len(poly))
	for i, v := range poly {
		c[i] = index[v]
	}
	if len(poly) == 4 && pos[poly[1]].Sub(pos[poly[3]]).Len() < pos[poly[0]].Sub(pos[poly[2]]).Len() {
		return [][3]uint32{{c[0], c[1], c[3]}, {c[1], c[2], c[3]}}
	}
	tris := make([][3]uint32, 0, len(c)-2)
	for i := 1; i+1 < len(c); i++ {
		tris = append(tris, [3]uint32{c[0], c[i], c[i+1]})
	}
	return tris
}
