package render

import (
	"image"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// TestSceneShotsCarryLabels renders the three shots of the test room with and without labels:
// the box's label must be there (its box differs from the unlabelled image) and the walls get none.
func TestSceneShotsCarryLabels(t *testing.T) {
	e := newTestEngine(t)
	room := testRoom()
	room.Start = motion.State{Root: mgl64.Vec3{-2, 0, 1}, Heading: 2.3} // facing the box
	shots, err := e.SceneShots(room, ShotOptions{Width: 400, Height: 300})
	if err != nil {
		t.Fatal(err)
	}
	if len(shots) != len(ShotNames()) {
		t.Fatalf("%d shots, want %d", len(shots), len(ShotNames()))
	}
	for _, sh := range shots {
		t.Run(sh.Name, func(t *testing.T) {
			labels := ObjectLabels(room, sh.Camera, 400, 300, sh.Name == "eye")
			if len(labels) != 1 || labels[0].Text != "box_1" {
				t.Fatalf("labels %v, want box_1 alone (no walls)", labels)
			}
			plain, err := e.SceneShot(room, sh.Name, ShotOptions{Width: 400, Height: 300, NoLabels: true})
			if err != nil {
				t.Fatal(err)
			}
			box := PlaceLabels(sh.Image.Bounds(), labels)[0]
			changed, n := differing(sh.Image, plain.Image, box)
			if changed < n/3 {
				saveFailed(t, t.Name(), sh.Image)
				t.Errorf("%d of %d pixels of the label box %v differ from the unlabelled shot, want most", changed, n, box)
			}
			if d := labels[0].At.Sub(box.Min); absInt(d.X) > 200 || absInt(d.Y) > 150 {
				t.Errorf("label box %v is far from its anchor %v", box, labels[0].At)
			}
		})
	}
}

// differing counts the pixels of r that differ clearly between a and b.
func differing(a, b *image.RGBA, r image.Rectangle) (changed, total int) {
	r = r.Intersect(a.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			p, q := a.RGBAAt(x, y), b.RGBAAt(x, y)
			if absInt(int(p.R)-int(q.R))+absInt(int(p.G)-int(q.G))+absInt(int(p.B)-int(q.B)) > 30 {
				changed++
			}
		}
	}
	return changed, total
}

// TestEyeShotHidesLabelsOfHiddenObjects puts a wall between the eye and the box.
func TestEyeShotHidesLabelsOfHiddenObjects(t *testing.T) {
	room := testRoom()
	start := motion.State{Root: mgl64.Vec3{1.5, 0, 2}, Heading: 3.14159} // south, facing the box
	cam := EyeLevel{State: start}
	if got := ObjectLabels(room, cam, 400, 300, true); len(got) != 1 {
		t.Fatalf("open view: labels %v, want box_1", got)
	}
	screen := boxObject("screen_1", "screen", mgl64.Vec3{0.5, 0, 0.8}, mgl64.Vec3{2.5, 2, 0.9}, [3]float64{0.5, 0.5, 0.5})
	room.Objects = append(room.Objects, screen)
	got := ObjectLabels(room, cam, 400, 300, true)
	if len(got) != 1 || got[0].Text != "screen_1" {
		t.Errorf("behind a screen: labels %v, want screen_1 alone", got)
	}
}

func TestShotNamesCannotBeChanged(t *testing.T) {
	names := ShotNames()
	names[0] = "changed"
	if got := ShotNames(); !slices.Equal(got, []string{"top", "oblique", "eye"}) {
		t.Errorf("ShotNames = %v after a caller changed its copy", got)
	}
	for _, n := range ShotNames() {
		if v, err := ParseView(n); err != nil || v.String() != n {
			t.Errorf("shot %q is not a view: %v", n, err)
		}
	}
}
