// Package trumanstest writes small folders in the TRUMANS layout (docs/trumans.md, "Rooms") for
// tests, since the dataset itself cannot be shipped: a room mesh of floor and walls, an occupancy
// grid voxelised from the same geometry, and a chair, a table and a bed built from procedural
// furniture with their poses; and the faults a loader must refuse (Corrupt).
package trumanstest
