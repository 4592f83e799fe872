package trumanstest

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"interactagent/scene/trumans"
)

// Fault is one way a TRUMANS folder can be wrong.
type Fault int

// The faults Corrupt writes.
const (
	GridShape      Fault = iota // the grid has shape (300, 100, 399)
	GridDType                   // the grid holds float32, not booleans
	GridTruncated               // the grid file ends halfway through its data
	PoseNotFinite               // the chair's pose holds a NaN (a float64 .npy)
	ObjectMeshBad               // the chair's mesh names a vertex it does not have
	RoomMeshBad                 // the room mesh is not an OBJ
	ObjectMeshGone              // the chair's mesh is missing
)

// Corrupt writes fault into a folder Write wrote with the same options, and returns the file it
// broke (relative to dir).
func Corrupt(dir string, o Options, fault Fault) (string, error) {
	name := o.SceneName()
	grid := filepath.Join(trumans.GridDir, name+".npy")
	chairMesh := filepath.Join(filepath.FromSlash(trumans.ObjectMeshDir), "chair_01.obj")
	switch fault {
	case GridShape:
		return grid, rewrite(dir, grid, func(f *os.File) error {
			return writeNPY(f, "|b1", "(300, 100, 399)", make([]byte, 300*100*399))
		})
	case GridDType:
		return grid, rewrite(dir, grid, func(f *os.File) error {
			return writeNPY(f, "<f4", "(300, 100, 400)", make([]byte, 4*300*100*400))
		})
	case GridTruncated:
		return grid, rewrite(dir, grid, func(f *os.File) error {
			return writeNPY(f, "|b1", "(300, 100, 400)", make([]byte, 300*100*200))
		})
	case PoseNotFinite:
		return notFinitePose(dir, name)
	case ObjectMeshBad:
		return chairMesh, rewrite(dir, chairMesh, writeText("o chair_01\nv 0 0 0\nv 1 0 0\nf 1 2 7\n"))
	case RoomMeshBad:
		mesh := filepath.Join(trumans.SceneMeshDir, name+".obj")
		return mesh, rewrite(dir, mesh, writeText("this is not an obj file\n"))
	case ObjectMeshGone:
		return chairMesh, os.Remove(filepath.Join(dir, chairMesh))
	}
	return "", fmt.Errorf("trumanstest: unknown fault %d", fault)
}

// notFinitePose replaces the chair's pose, whatever its form, by a float64 .npy holding a NaN.
func notFinitePose(dir, name string) (string, error) {
	poseDir := filepath.Join(filepath.FromSlash(trumans.ObjectPoseDir), name)
	for _, ext := range []string{".json", ".npy"} {
		os.Remove(filepath.Join(dir, poseDir, "chair_01"+ext))
	}
	os.Remove(filepath.Join(dir, poseDir+".json"))
	file := filepath.Join(poseDir, "chair_01.npy")
	v := []float64{0, math.NaN(), 0, 1, 0, 1}
	return file, rewrite(dir, file, func(f *os.File) error {
		return writeNPY(f, "<f8", "(6,)", float64Bytes(v))
	})
}

// float64Bytes returns v as little-endian float64s.
func float64Bytes(v []float64) []byte {
	out := make([]byte, 0, 8*len(v))
	for _, x := range v {
		b := math.Float64bits(x)
		for s := 0; s < 64; s += 8 {
			out = append(out, byte(b>>s))
		}
	}
	return out
}

// rewrite replaces the file rel of dir with what write writes.
func rewrite(dir, rel string, write func(*os.File) error) error {
	return writeFile(filepath.Join(dir, rel), write)
}

// writeText returns a writer of fixed text.
func writeText(s string) func(*os.File) error {
	return func(f *os.File) error { _, err := f.WriteString(s); return err }
}
