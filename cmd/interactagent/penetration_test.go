package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/task"
)

// writeStandClip writes a clip of the rest pose standing still at the origin for n frames.
func writeStandClip(t *testing.T, n int) string {
	t.Helper()
	c := &motion.Clip{FPS: 20}
	for i := 0; i < n; i++ {
		c.Frames = append(c.Frames, motion.RestPose().Translate(mgl64.Vec3{0, 0.01, 0}))
	}
	path := filepath.Join(t.TempDir(), "stand.json")
	if err := motion.SaveClipJSON(path, c); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPenetrationCommand(t *testing.T) {
	clip := writeStandClip(t, 10)
	tests := []struct {
		name string
		args []string
		code int
		want []string // in stdout, or in stderr for failures
	}{
		{"free floor", []string{"penetration", "--scene", "living_room", "--motion", clip, "--start", "scene", "--body", "proxy"},
			0, []string{"on the proxy body", "frames         10", "pe_max         0.0000", "none: no body point", "measured on: capsule body proxy"}},
		{"human", []string{"penetration", "--scene", "living_room", "--motion", clip, "--start", "scene"},
			0, []string{"on the human body", "frames         10", "measured on: MakeHuman hm08", "13,380 vertices weighted by surface share to SMPL-X's 10,475"}},
		{"help", []string{"penetration", "--help"}, 0, []string{"-scene", "-motion", "-start", "-json", "-body"}},
		{"bad body", []string{"penetration", "--scene", "living_room", "--motion", clip, "--body", "mannequin"}, 2, []string{"--body", `"mannequin"`, "smplx"}},
		{"smplx without its file", []string{"penetration", "--scene", "living_room", "--motion", clip, "--body", "smplx", "--smplx", filepath.Join(t.TempDir(), "nonesuch.npz")}, 2, []string{"--body", "nonesuch.npz"}},
		{"no motion", []string{"penetration", "--scene", "living_room"}, 2, []string{"want --scene and --motion"}},
		{"bad start", []string{"penetration", "--scene", "living_room", "--motion", clip, "--start", "1,2"}, 2, []string{"--start"}},
		{"unknown scene", []string{"penetration", "--scene", "kitchen", "--motion", clip}, 1, []string{`no built-in scene "kitchen"`}},
		{"missing motion", []string{"penetration", "--scene", "office", "--motion", "nothing.npy"}, 1, []string{"nothing.npy"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkRun(t, tc.args, tc.code, tc.want) })
	}
}

func TestPenetrationCommandJSON(t *testing.T) {
	clip := writeStandClip(t, 6)
	// Standing in the middle of the living room's sofa (placed by --start) sinks the legs in.
	s, err := task.OpenScene("living_room")
	if err != nil {
		t.Fatal(err)
	}
	sofa, ok := s.Object("sofa_1")
	if !ok {
		t.Fatal("living_room has no sofa_1")
	}
	c := sofa.Bounds().Center()
	var out, errOut bytes.Buffer
	args := []string{"penetration", "--scene", "living_room", "--motion", clip, "--json",
		"--start", strings.Join([]string{ftoa(c.X()), ftoa(c.Z()), "0"}, ",")}
	if code := run(context.Background(), args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var rep penetrationReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("output is not the report JSON: %v\n%s", err, out.String())
	}
	st := rep.Penetration
	if st.Frames != 6 || st.Max <= 1 || st.Worst == nil || st.Worst.Object != "sofa_1" || st.Body != "human" || !strings.Contains(st.MeasuredOn, "13,380 vertices") {
		t.Errorf("standing inside the sofa: %+v (worst %+v); want 6 frames, pe_max > 1 inside sofa_1, measured on the human body", st, st.Worst)
	}
	if rep.Start == nil || rep.Start.X != c.X() {
		t.Errorf("report start %+v, want x = %v", rep.Start, c.X())
	}
}

func ftoa(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}
