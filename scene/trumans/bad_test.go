package trumans_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/scene/trumans"
	"interactagent/scene/trumans/trumanstest"
)

// TestOpenRefusesBadFolders breaks one file at a time: each fault is an error naming the file
// and what was expected.
func TestOpenRefusesBadFolders(t *testing.T) {
	cases := []struct {
		fault trumanstest.Fault
		want  string
	}{
		{trumanstest.GridShape, "want [300 100 400]"},
		{trumanstest.GridDType, "want bool"},
		{trumanstest.GridTruncated, "data bytes, want 12000000"},
		{trumanstest.PoseNotFinite, "chair_01.npy"},
		{trumanstest.ObjectMeshBad, "chair_01.obj"},
		{trumanstest.RoomMeshBad, "room_01.obj"},
		{trumanstest.ObjectMeshGone, "chair_01.obj"},
	}
	for _, c := range cases {
		dir := writeFolder(t, trumanstest.Options{})
		file, err := trumanstest.Corrupt(dir, trumanstest.Options{}, c.fault)
		if err != nil {
			t.Fatal(err)
		}
		_, err = trumans.Open(dir, "room_01")
		if err == nil {
			t.Errorf("fault %d (%s): opened", c.fault, file)
			continue
		}
		msg := err.Error()
		t.Log(msg)
		if !strings.Contains(msg, filepath.ToSlash(file)) || !strings.Contains(msg, c.want) {
			t.Errorf("fault %d: %q, want it to name %s and say %q", c.fault, msg, file, c.want)
		}
	}
}

func TestOpenRefusesWhatIsNotAFolder(t *testing.T) {
	dir := t.TempDir()
	if _, err := trumans.Open(filepath.Join(dir, "none"), ""); err == nil {
		t.Error("a missing folder opened")
	}
	if _, err := trumans.Open(dir, ""); err == nil || !strings.Contains(err.Error(), "Scene_mesh") {
		t.Errorf("an empty folder: %v", err)
	}
	if err := trumanstest.Write(dir, trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "Scene", "room_01.npy"))
	if _, err := trumans.Open(dir, ""); err == nil || !strings.Contains(err.Error(), "Scene/room_01.npy") {
		t.Errorf("a room without its grid: %v", err)
	}
}

func TestPoseMatrixIsExtrinsicXYZ(t *testing.T) {
	// scipy: Rotation.from_euler("xyz", [90, 0, 90], degrees=True) takes x to y and y to z
	// (Rz·Rx); the intrinsic reading (Rx·Rz) would take x to z.
	p := trumans.Pose{Euler: [3]float64{1.5707963267948966, 0, 1.5707963267948966}, Location: [3]float64{1, 2, 3}}
	m := p.Matrix()
	x := m.Mul4x1(vec4(1, 0, 0, 0)).Vec3()
	y := m.Mul4x1(vec4(0, 1, 0, 0)).Vec3()
	o := m.Mul4x1(vec4(0, 0, 0, 1)).Vec3()
	if x.Sub(mgl(0, 1, 0)).Len() > 1e-12 || y.Sub(mgl(0, 0, 1)).Len() > 1e-12 || o.Sub(mgl(1, 2, 3)).Len() > 1e-12 {
		t.Errorf("x → %v, y → %v, origin → %v; want y, z, (1, 2, 3)", x, y, o)
	}
}
