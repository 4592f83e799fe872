package motion

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// strideClip is the rest pose moved 0.05 m along +Z per frame, n frames at fps, split into two
// segments at the middle.
func strideClip(n int, fps float64) *Clip {
	c := &Clip{FPS: fps}
	for t := 0; t < n; t++ {
		c.Frames = append(c.Frames, RestPose().Translate(mgl64.Vec3{0, 0, 0.05 * float64(t)}))
	}
	c.Segments = []Segment{{Action: "first", Start: 0, End: n / 2}, {Action: "second", Start: n / 2, End: n}}
	return c
}

func near(a, b mgl64.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

func TestSliceClipsAndReindexesSegments(t *testing.T) {
	c := strideClip(20, 20)
	s := c.Slice(5, 15)
	if s.Len() != 10 || !near(s.Frames[0][Pelvis], c.Frames[5][Pelvis], 0) {
		t.Fatalf("slice has %d frames starting at %v", s.Len(), s.Frames[0][Pelvis])
	}
	want := []Segment{{Action: "first", Start: 0, End: 5}, {Action: "second", Start: 5, End: 10}}
	for i, seg := range s.Segments {
		if seg.Action != want[i].Action || seg.Start != want[i].Start || seg.End != want[i].End {
			t.Errorf("segment %d = %+v, want %+v", i, seg, want[i])
		}
	}
	if got := c.Slice(12, 99); got.Len() != 8 || len(got.Segments) != 1 {
		t.Errorf("clamped slice: %d frames, %d segments; want 8 and 1", got.Len(), len(got.Segments))
	}
	s.Frames[0] = Pose{}
	if c.Frames[5] == (Pose{}) {
		t.Error("slice shares frames with the clip")
	}
}

func TestAppendContinuesFromTheEndState(t *testing.T) {
	a := strideClip(10, 20).Place(State{Root: mgl64.Vec3{1, 0, 2}, Heading: math.Pi / 2})
	b := strideClip(10, 20)
	got, err := a.Append(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != 20 || len(got.Segments) != 4 || got.Segments[2].Start != 10 {
		t.Fatalf("append: %d frames, segments %+v", got.Len(), got.Segments)
	}
	// b starts where a ends and walks on along a's facing (+X).
	if !near(got.Frames[10].Root(), a.EndState().Root, 1e-9) {
		t.Errorf("b starts at %v, want a's end %v", got.Frames[10].Root(), a.EndState().Root)
	}
	if d := got.EndState().Root.Sub(a.EndState().Root); math.Abs(d.X()-0.45) > 1e-9 || math.Abs(d.Z()) > 1e-9 {
		t.Errorf("b moved by %v, want 0.45 m along +X", d)
	}
	if _, err := a.Append(strideClip(3, 30)); err == nil {
		t.Error("appending a clip of another fps should fail")
	}
}

func TestPlaceAndRelocate(t *testing.T) {
	c := strideClip(10, 20)
	s := State{Root: mgl64.Vec3{3, 0, -1}, Heading: -math.Pi / 2} // facing −X
	placed := c.Place(s)
	if !near(placed.StartState().Root, s.Root, 1e-9) || math.Abs(placed.StartState().Heading-s.Heading) > 1e-9 {
		t.Errorf("placed start %v, want %v", placed.StartState(), s)
	}
	if d := placed.EndState().Root.Sub(s.Root); !near(d, mgl64.Vec3{-0.45, 0, 0}, 1e-9) {
		t.Errorf("placed walk moved by %v, want 0.45 m along −X", d)
	}
	back := placed.Relocate(State{})
	for i := range c.Frames {
		for j := range c.Frames[i] {
			if !near(back.Frames[i][j], c.Frames[i][j], 1e-9) {
				t.Fatalf("relocating back: frame %d %v at %v, want %v", i, Joint(j), back.Frames[i][j], c.Frames[i][j])
			}
		}
	}
}

func TestResampleKeepsDurationAndPath(t *testing.T) {
	c := strideClip(21, 20) // 1 s of motion between the first and last frame
	r, err := c.Resample(30)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 31 || r.FPS != 30 {
		t.Fatalf("resampled to %d frames at %v fps, want 31 at 30", r.Len(), r.FPS)
	}
	if !near(r.Frames[30][Pelvis], c.Frames[20][Pelvis], 1e-9) || math.Abs(r.PathLength()-c.PathLength()) > 1e-9 {
		t.Errorf("resampling changed the path: %.4f m vs %.4f m", r.PathLength(), c.PathLength())
	}
	if s := r.Segments[1]; s.Start != 15 || s.End != 31 {
		t.Errorf("second segment %+v, want frames [15, 31)", s)
	}
	for _, fps := range []float64{0, -1, math.NaN(), math.Inf(1), 5000} {
		if _, err := c.Resample(fps); err == nil {
			t.Errorf("Resample(%v) succeeded", fps)
		}
	}
}

func TestFrameAtInterpolatesAndClamps(t *testing.T) {
	c := strideClip(10, 20)
	mid := c.FrameAt(0.125) // halfway between frames 2 and 3
	if want := c.Frames[2][Pelvis].Add(c.Frames[3][Pelvis]).Mul(0.5); !near(mid[Pelvis], want, 1e-12) {
		t.Errorf("FrameAt(0.125) pelvis %v, want %v", mid[Pelvis], want)
	}
	if c.FrameAt(-1) != c.Frames[0] || c.FrameAt(99) != c.Frames[9] || c.FrameAt(math.NaN()) != c.Frames[0] {
		t.Error("FrameAt does not clamp outside the clip")
	}
}

func TestHeadingChangeCountsFullTurns(t *testing.T) {
	c := &Clip{FPS: 20}
	for t := 0; t <= 40; t++ {
		c.Frames = append(c.Frames, RestPose().RotateY(float64(t)*2*math.Pi/40*1.5)) // 540° to the left
	}
	if got := mgl64.RadToDeg(c.HeadingChange()); math.Abs(got-540) > 1e-6 {
		t.Errorf("heading change %.3f°, want 540°", got)
	}
}

func TestValidateRejectsBrokenClips(t *testing.T) {
	nan := strideClip(4, 20)
	nan.Frames[2][Head] = mgl64.Vec3{math.NaN(), 0, 0}
	badSeg := strideClip(4, 20)
	badSeg.Segments = []Segment{{Start: 2, End: 9}}
	tests := map[string]*Clip{
		"empty":   {FPS: 20},
		"no fps":  {Frames: []Pose{RestPose()}},
		"NaN":     nan,
		"segment": badSeg,
	}
	for name, c := range tests {
		if err := c.Validate(); err == nil {
			t.Errorf("%s: Validate accepted a broken clip", name)
		}
	}
	if err := strideClip(4, 20).Validate(); err != nil {
		t.Errorf("a good clip: %v", err)
	}
}

func TestStateApplyAndLocalAreInverse(t *testing.T) {
	s := State{Root: mgl64.Vec3{1, 0, -2}, Heading: 0.7}
	p := mgl64.Vec3{0.3, 1.2, -0.4}
	if !near(s.Local(s.Apply(p)), p, 1e-12) {
		t.Error("Local(Apply(p)) != p")
	}
	if !near(s.Apply(mgl64.Vec3{0, 0, 1}).Sub(s.Root), s.Forward(), 1e-12) {
		t.Error("Apply maps +Z to a direction other than Forward")
	}
	left := State{Heading: math.Pi / 2}
	if !near(left.Forward(), mgl64.Vec3{1, 0, 0}, 1e-12) || !near(State{}.Left(), mgl64.Vec3{1, 0, 0}, 1e-12) {
		t.Error("heading +90° should face +X, and the left of heading 0 should be +X")
	}
	if got := geom.WrapAngle(3 * math.Pi); math.Abs(got-math.Pi) > 1e-12 {
		t.Errorf("WrapAngle(3π) = %v, want π", got)
	}
}

func TestBoundsHoldEveryJoint(t *testing.T) {
	c := strideClip(5, 20)
	b := c.Bounds()
	for _, p := range c.Frames {
		for j, v := range p {
			if !b.Contains(v) {
				t.Fatalf("%v at %v outside the bounds %v", Joint(j), v, b)
			}
		}
	}
	restBox := c.Slice(0, 1).Bounds() // the rest pose; the clip strides 0.2 m along +Z from it
	if d := b.Lo.Sub(restBox.Lo).Len(); d > 1e-12 {
		t.Errorf("bounds start at %v, want the rest pose's %v", b.Lo, restBox.Lo)
	}
	if d := b.Hi.Sub(restBox.Hi.Add(mgl64.Vec3{0, 0, 0.2})).Len(); d > 1e-12 {
		t.Errorf("bounds end at %v, want the rest pose's %v moved 0.2 m along +Z", b.Hi, restBox.Hi)
	}
	if !(&Clip{FPS: 20}).Bounds().Empty() {
		t.Error("a clip without frames has non-empty bounds")
	}
}
