// Package floor is the walkable floor of a scene: a grid of cells over the floor plane that says
// how far each cell's centre is from the nearest obstacle (occupancy with a standing body's
// clearance), shortest walkable paths between floor points (Floor.Path), and how wide the
// narrowest gap a path passes through is (Floor.PathWidth).
//
// Obstacles are the parts of a scene.Scene's objects that are not a floor, within the heights at
// which they obstruct a walking body, and the columns of its occupancy grid (scene.Grid) that
// hold an occupied voxel at those heights (grid.go). A Floor is built once (New) and then only queried, from any
// number of goroutines.
//
// Space is the scene's: right-handed, Y up, metres, floor at y = 0; the grid covers x and z, and
// every query ignores y.
package floor
