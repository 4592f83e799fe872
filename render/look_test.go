package render

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"interactagent/motion"
	"interactagent/render/media"
	"interactagent/scene"
)

// TestLookSamples writes sample images to $RENDER_SAMPLES for a person to look at; it does nothing
// when the variable is unset.
func TestLookSamples(t *testing.T) {
	dir := os.Getenv("RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set RENDER_SAMPLES=DIR to write sample images")
	}
	e := newTestEngine(t)
	t.Log(e.Info())
	save := func(name string, r Request) {
		img, err := e.Render(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := media.WritePNG(filepath.Join(dir, name+".png"), img); err != nil {
			t.Fatal(err)
		}
	}
	room := testRoom()
	save("room_top", Request{Scene: room, Camera: FitTopDown(boxCorners(room.Bounds()), 1, 0.05), Width: 512, Height: 512})
	img, err := e.Ghost(room, straightWalk(80, 0.05), GhostOptions{})
	if err != nil {
		t.Fatal(err)
	}
	media.WritePNG(filepath.Join(dir, "room_ghost.png"), img)
	ex, _, err := motion.LoadMotion("../../shared/testdata/humanml3d/motion_example.npy", 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"living_room", "lounge"} {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := e.Ghost(s, ex.Place(s.Start), GhostOptions{})
		if err != nil {
			t.Fatal(err)
		}
		media.WritePNG(filepath.Join(dir, name+"_ghost_example.png"), img)
		img, err = e.Ghost(s, arcWalk(s.Start, 300), GhostOptions{})
		if err != nil {
			t.Fatal(err)
		}
		media.WritePNG(filepath.Join(dir, name+"_ghost_arc.png"), img)
	}
	lounge, _ := scene.Builtin("lounge")
	for _, follow := range []bool{false, true} {
		q, err := e.NewSequence(lounge, []*motion.Clip{arcWalk(lounge.Start, 120), ex.Place(lounge.Start)}, SequenceOptions{Follow: follow, Titles: []string{"arc", "example"}})
		if err != nil {
			t.Fatal(err)
		}
		img, err := q.Frame(q.Len() / 2)
		if err != nil {
			t.Fatal(err)
		}
		media.WritePNG(filepath.Join(dir, fmt.Sprintf("sequence_follow_%v.png", follow)), img)
	}
	for _, name := range scene.BuiltinNames() {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d objects, %d triangles", name, len(s.Objects), s.TriangleCount())
		b := s.Bounds()
		save(name+"_top", Request{Scene: s, Camera: FitTopDown(boxCorners(b), 1, 0.05), Width: 640, Height: 640})
		save(name+"_oblique", Request{Scene: s, Camera: FitOrbit(HighOblique(b.Center(), 0.5, 10), boxCorners(b), 4.0/3, 0.05), Width: 800, Height: 600})
	}
}

func TestLookShots(t *testing.T) {
	dir := os.Getenv("RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set RENDER_SAMPLES=DIR to write sample images")
	}
	e := newTestEngine(t)
	for _, name := range []string{"living_room", "flat", "lounge"} {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		shots, err := e.SceneShots(s, ShotOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, sh := range shots {
			media.WritePNG(filepath.Join(dir, name+"_shot_"+sh.Name+".png"), sh.Image)
		}
	}
}
