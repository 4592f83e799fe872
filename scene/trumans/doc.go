// Package trumans opens the rooms of TRUMANS (Jiang et al., CVPR 2024) as scenes: the room's static
// mesh, its occupancy grid (Scene.Grid) and its interactable objects, labelled with categories and
// support surfaces found from their meshes. The dataset is distributed to registered researchers
// only, so this package reads the layout its loader code documents (docs/trumans.md, "Rooms") from
// wherever the user keeps it, and a small JSON manifest for any other arrangement of the files.
//
// Open reads a release folder (Scene_mesh/, Scene/, Object_all/); OpenManifest reads a manifest.
// Both check everything before they return: a grid of the wrong shape or dtype, a pose that is not
// finite, a mesh that does not load or a scene the folder lacks is an error naming the file and
// what was expected.
package trumans
