package eval

import (
	"encoding/json"
	"strings"
	"testing"

	"interactagent/body"
	"interactagent/motion"
)

func TestBodyNamed(t *testing.T) {
	for _, name := range []string{BodyHuman, BodyProxy} {
		b, err := BodyNamed(name)
		if err != nil || b.Name() != name || b.Description() == "" {
			t.Errorf("BodyNamed(%q) = %v, %v; want the body of that name, described", name, b, err)
		}
	}
	for _, bad := range []string{"", "Human", "SMPL-X"} {
		if _, err := BodyNamed(bad); err == nil || !strings.Contains(err.Error(), "want human") {
			t.Errorf("BodyNamed(%q): %v, want an error naming the bodies there are", bad, err)
		}
	}
	if _, err := BodyNamed(BodySMPLX); err == nil || !strings.Contains(err.Error(), "model file") {
		t.Errorf("BodyNamed(smplx): %v, want an error asking for the model file", err)
	}
	t.Setenv("INTERACTAGENT_SMPLX", "")
	if _, err := OpenBody(BodySMPLX, ""); err == nil || !strings.Contains(err.Error(), "smpl-x.is.tue.mpg.de") {
		t.Errorf("OpenBody(smplx) without a file: %v, want an error saying where to get one", err)
	}
}

func TestNewSkinRefusesModelsItCannotMeasure(t *testing.T) {
	h := humanSkin(t).Model()
	noArea := *h
	noArea.Area = nil
	badArea := *h
	badArea.Area = append([]float64{-1}, h.Area[1:]...)
	noFaces := *h
	noFaces.Faces = nil
	for name, m := range map[string]*body.Model{"nil": nil, "no areas": &noArea, "a negative area": &badArea, "no triangles": &noFaces} {
		if _, err := NewSkin(m); err == nil || !strings.HasPrefix(err.Error(), "eval: ") {
			t.Errorf("a model with %s: %v, want an eval error", name, err)
		}
	}
}

// TestStatsOfOldFilesReadAsProxy reads statistics as files before issue 22 wrote them ("proxy",
// no body) and as they are written now.
func TestStatsOfOldFilesReadAsProxy(t *testing.T) {
	var old PenetrationStats
	if err := json.Unmarshal([]byte(`{"proxy":"capsule body proxy, …","frames":3,"pe_max":1.5}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.Body != BodyProxy || old.MeasuredOn != "capsule body proxy, …" || old.Frames != 3 || old.Max != 1.5 {
		t.Errorf("an old file reads as %+v, want body proxy with its description and numbers", old)
	}
	now := PenetrationStats{Body: BodyHuman, MeasuredOn: "skin", Frames: 2, Max: 4}
	data, err := json.Marshal(now)
	if err != nil {
		t.Fatal(err)
	}
	var back PenetrationStats
	if err := json.Unmarshal(data, &back); err != nil || back.Body != BodyHuman || back.MeasuredOn != "skin" || back.Max != 4 || strings.Contains(string(data), `"proxy"`) {
		t.Errorf("%s reads back as %+v (%v), want %+v", data, back, err, now)
	}
}

// TestPenetrationRefusesWhatTheHumanCannotFit: no body, and a clip with a bone too short to fit,
// which the proxy measures but the human body refuses, naming the frame and the joint.
func TestPenetrationRefusesWhatTheHumanCannotFit(t *testing.T) {
	s, _ := sofaScene(t)
	prep := Prepare(s)
	c := holdClip(motion.RestPose(), 3)
	if _, err := Penetration(prep, c, nil); err == nil {
		t.Error("no body: no error")
	}
	c.Frames[2][motion.LeftKnee] = c.Frames[2][motion.LeftHip]
	if _, err := Penetration(prep, c, Proxy()); err != nil {
		t.Errorf("the proxy refuses a collapsed knee: %v", err)
	}
	_, err := Penetration(prep, c, humanSkin(t))
	if err == nil || !strings.Contains(err.Error(), "human body") || !strings.Contains(err.Error(), "frame 2") || !strings.Contains(err.Error(), "left_knee") {
		t.Errorf("the human body on a collapsed knee: %v, want an error naming the body, frame 2 and left_knee", err)
	}
}
