package anim

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// A BVH written from a clip and read back by the independent reader below gives every joint within
// 1 mm of the clip in every frame, with the clip's frame count and frame time.
func TestBVHRoundTrip(t *testing.T) {
	for name, clip := range testClips(t) {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteBVH(&buf, clip); err != nil {
				t.Fatal(err)
			}
			b, err := parseBVH(buf.String())
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(b.frameTime-1/clip.FPS) > 1e-9 {
				t.Errorf("frame time %v, want %v", b.frameTime, 1/clip.FPS)
			}
			worst := maxJointError(t, b.poses(t), clip)
			if worst > 1e-3 {
				t.Errorf("joints differ from the clip by up to %.3g mm, want ≤ 1 mm", worst*1e3)
			}
			t.Logf("%d frames, largest joint error %.4f mm", len(b.frames), worst*1e3)
		})
	}
}

// The hierarchy holds the 22 joints under their names with HumanML3D's bone lengths as offsets.
func TestBVHOffsetsAreBoneLengths(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteBVH(&buf, wildClip(3, 1)); err != nil {
		t.Fatal(err)
	}
	b, err := parseBVH(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, j := range b.joints {
		if jt, ok := motion.JointByName(j.name); ok {
			named++
			if jt != motion.Pelvis && math.Abs(j.offset.Len()-motion.BoneLength(jt)) > 1e-6 {
				t.Errorf("%s offset %.6f m, want the bone length %.4f", j.name, j.offset.Len(), motion.BoneLength(jt))
			}
		} else if j.offset.Len() != 0 {
			t.Errorf("intermediate joint %s has offset %v, want zero", j.name, j.offset)
		}
	}
	if named != motion.NumJoints {
		t.Errorf("%d named joints, want %d", named, motion.NumJoints)
	}
}

func TestEulerZXYGimbal(t *testing.T) {
	for _, q := range []mgl64.Quat{
		mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0}).Mul(mgl64.QuatRotate(0.7, mgl64.Vec3{0, 1, 0})),
		mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{1, 0, 0}),
		mgl64.AnglesToQuat(0.3, -1.2, 2.9, mgl64.ZXY),
	} {
		z, x, y := eulerZXY(q)
		back := rotZXY(z, x, y)
		if d := back.Sub(q.Mat4().Mat3()); maxAbs(d[:]) > 1e-8 {
			t.Errorf("%v → (%v, %v, %v) gives back a matrix off by %v", q, z, x, y, maxAbs(d[:]))
		}
	}
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

// rotZXY is Rz(z)·Rx(x)·Ry(y) for angles in degrees.
func rotZXY(z, x, y float64) mgl64.Mat3 {
	r := math.Pi / 180
	return mgl64.Rotate3DZ(z * r).Mul3(mgl64.Rotate3DX(x * r)).Mul3(mgl64.Rotate3DY(y * r))
}

// bvhFile is a parsed BVH file. The reader knows only BVH: channels are applied in the order
// listed, a position channel replaces the OFFSET, rotations multiply in listed order.
type bvhFile struct {
	joints    []bvhJoint
	frames    [][]float64
	frameTime float64
}

type bvhJoint struct {
	name     string
	parent   int
	offset   mgl64.Vec3
	channels []string
}

// parseBVH reads the text of a BVH file.
func parseBVH(text string) (*bvhFile, error) {
	tok := strings.Fields(text)
	b := &bvhFile{}
	i := 0
	next := func() string {
		if i >= len(tok) {
			return ""
		}
		i++
		return tok[i-1]
	}
	num := func() float64 {
		v, err := strconv.ParseFloat(next(), 64)
		if err != nil {
			panic(err)
		}
		return v
	}
	if next() != "HIERARCHY" {
		return nil, fmt.Errorf("no HIERARCHY")
	}
	var stack []int
	for {
		switch w := next(); w {
		case "ROOT", "JOINT":
			parent := -1
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			b.joints = append(b.joints, bvhJoint{name: next(), parent: parent})
			stack = append(stack, len(b.joints)-1)
		case "End":
			next() // Site
			next() // {
			next() // OFFSET
			num()
			num()
			num()
			next() // }
		case "OFFSET":
			b.joints[stack[len(stack)-1]].offset = mgl64.Vec3{num(), num(), num()}
		case "CHANNELS":
			n := int(num())
			for range n {
				j := &b.joints[stack[len(stack)-1]]
				j.channels = append(j.channels, next())
			}
		case "{":
		case "}":
			stack = stack[:len(stack)-1]
		case "MOTION":
			next() // Frames:
			n := int(num())
			next() // Frame
			next() // Time:
			b.frameTime = num()
			width := 0
			for _, j := range b.joints {
				width += len(j.channels)
			}
			for range n {
				row := make([]float64, width)
				for k := range row {
					row[k] = num()
				}
				b.frames = append(b.frames, row)
			}
			if i != len(tok) {
				return nil, fmt.Errorf("%d tokens after the last frame", len(tok)-i)
			}
			return b, nil
		default:
			return nil, fmt.Errorf("unexpected %q", w)
		}
	}
}

// poses evaluates every frame: each joint's world matrix is its parent's times T(offset or
// position)·R(channels), and named joints give the pose.
func (b *bvhFile) poses(t *testing.T) []motion.Pose {
	out := make([]motion.Pose, len(b.frames))
	for f, row := range b.frames {
		world := make([]mgl64.Mat4, len(b.joints))
		k := 0
		for n, j := range b.joints {
			pos, rot := j.offset, mgl64.Ident4()
			for _, ch := range j.channels {
				v := row[k]
				k++
				switch ch {
				case "Xposition":
					pos[0] = v
				case "Yposition":
					pos[1] = v
				case "Zposition":
					pos[2] = v
				case "Xrotation":
					rot = rot.Mul4(mgl64.HomogRotate3DX(v * math.Pi / 180))
				case "Yrotation":
					rot = rot.Mul4(mgl64.HomogRotate3DY(v * math.Pi / 180))
				case "Zrotation":
					rot = rot.Mul4(mgl64.HomogRotate3DZ(v * math.Pi / 180))
				default:
					t.Fatalf("unknown channel %q", ch)
				}
			}
			local := mgl64.Translate3D(pos[0], pos[1], pos[2]).Mul4(rot)
			if j.parent >= 0 {
				local = world[j.parent].Mul4(local)
			}
			world[n] = local
			if jt, ok := motion.JointByName(j.name); ok {
				out[f][jt] = local.Col(3).Vec3()
			}
		}
	}
	return out
}
