// Package remote runs atomic actions on a text-to-motion model served over HTTP (docs/
// executor-protocol.md): a Client that implements executor.Executor and a Handler that serves any
// executor.Executor over the same protocol.
package remote

import (
	"errors"
	"fmt"

	"interactagent/fileio"
	"interactagent/motion"

	"github.com/go-gl/mathgl/mgl64"
)

// Limits the protocol enforces on both sides (docs/executor-protocol.md publishes them).
const (
	// MaxActions is the most actions one request carries.
	MaxActions = 64
	// MaxActionBytes is the longest action text, in bytes: motion's own limit on an action.
	MaxActionBytes = motion.MaxActionBytes
	// MaxFrames is the most frames a reply may hold. It is smaller than motion.MaxFrames because
	// a reply is JSON text that must fit in MaxReplyBytes: a frame of 22 joints at full precision
	// takes about 1.25 kB, so 20,000 frames take about 25 MB, while motion.MaxFrames would take
	// about 125 MB. Longer motion is asked for in several requests.
	MaxFrames = 20000
	// MaxReplyBytes is the largest reply body the client reads.
	MaxReplyBytes = 64 << 20
	// MaxReplyValues bounds the JSON values of a reply (every number, array and member counts): a
	// frame of features is 264 values, a frame of joints 89, so MaxFrames frames of either fit
	// with room for segments. The client counts them while the reply streams in and refuses a reply
	// over the count before decoding it, so a reply of millions of empty rows costs what its bytes
	// cost, not a slice header each.
	MaxReplyValues = MaxFrames*(motion.HumanML3DFeatures+1) + 100_000
	// MaxRequestSize is the largest request body the server reads.
	MaxRequestSize = 1 << 20
)

// Request is the body of POST /v1/execute.
type Request struct {
	Actions []string `json:"actions"`
	Seed    uint64   `json:"seed,omitempty"`
	FPS     float64  `json:"fps,omitempty"`
}

// replyLimits bound a reply before it is decoded.
var replyLimits = fileio.JSONLimits{Bytes: MaxReplyBytes, Values: MaxReplyValues}

// Reply is the body of a successful POST /v1/execute: joint positions or HumanML3D features. Joints
// are decoded as plain slices so that a row of 2 or 4 numbers is seen and refused, not padded or
// cut to 3.
type Reply struct {
	FPS      float64          `json:"fps"`
	Joints   [][][]float64    `json:"joints,omitempty"`
	Features [][]float64      `json:"features,omitempty"`
	Segments []motion.Segment `json:"segments,omitempty"`
	Model    string           `json:"model,omitempty"`
}

// errorReply is the body of every non-2xx answer.
type errorReply struct {
	Error string `json:"error"`
}

// Health is the body of GET /v1/health.
type Health struct {
	Status string  `json:"status"`
	Model  string  `json:"model"`
	FPS    float64 `json:"fps"`
}

// Validate checks a request against the protocol's limits.
func (r *Request) Validate() error {
	if len(r.Actions) == 0 || len(r.Actions) > MaxActions {
		return fmt.Errorf("want 1 to %d actions, got %d", MaxActions, len(r.Actions))
	}
	for i, a := range r.Actions {
		if len(a) > MaxActionBytes {
			return fmt.Errorf("action %d is %d bytes long, want at most %d", i, len(a), MaxActionBytes)
		}
	}
	if r.FPS != 0 && motion.CheckFPS(r.FPS) != nil { // 0 asks for the server's own rate
		return fmt.Errorf("fps %v, want 0 (default) to %g", r.FPS, motion.MaxFPS)
	}
	return nil
}

// clip turns a reply into a clip in the model's frame, checking shapes, sizes and numbers.
func (r *Reply) clip(actions []string) (*motion.Clip, error) {
	if motion.CheckFPS(r.FPS) != nil {
		return nil, fmt.Errorf("fps %v, want a rate in (0, %g]", r.FPS, motion.MaxFPS)
	}
	frames, err := r.frames()
	if err != nil {
		return nil, err
	}
	c := &motion.Clip{FPS: r.FPS, Frames: frames}
	c.Segments, err = segmentsFor(r.Segments, actions, len(frames))
	if err != nil {
		return nil, err
	}
	return c, c.Validate()
}

func (r *Reply) frames() ([]motion.Pose, error) {
	switch {
	case len(r.Joints) > 0 && len(r.Features) > 0:
		return nil, errors.New(`both "joints" and "features" given, want one`)
	case len(r.Joints) > MaxFrames || len(r.Features) > MaxFrames:
		return nil, fmt.Errorf("%d frames, want at most %d", max(len(r.Joints), len(r.Features)), MaxFrames)
	case len(r.Joints) > 0:
		return jointFrames(r.Joints)
	case len(r.Features) > 0:
		return motion.DecodeHumanML3D(r.Features)
	}
	return nil, errors.New(`no motion: want "joints" (T×22×3) or "features" (T×263)`)
}

func jointFrames(joints [][][]float64) ([]motion.Pose, error) {
	frames := make([]motion.Pose, len(joints))
	for t, f := range joints {
		if len(f) != motion.NumJoints {
			return nil, fmt.Errorf("frame %d has %d joints, want %d", t, len(f), motion.NumJoints)
		}
		for j, v := range f {
			if len(v) != 3 {
				return nil, fmt.Errorf("frame %d, joint %d has %d coordinates, want 3 (x, y, z)", t, j, len(v))
			}
			frames[t][j] = mgl64.Vec3{v[0], v[1], v[2]}
		}
		if !frames[t].Finite() {
			return nil, fmt.Errorf("frame %d has a non-finite coordinate", t)
		}
	}
	return frames, nil
}

// segmentsFor checks the server's segments against the actions, or splits the frames evenly when the
// server gave none.
func segmentsFor(got []motion.Segment, actions []string, n int) ([]motion.Segment, error) {
	if len(got) == 0 {
		return evenSegments(actions, n), nil
	}
	if len(got) != len(actions) {
		return nil, fmt.Errorf("%d segments for %d actions, want one per action", len(got), len(actions))
	}
	prev := 0
	for i, s := range got {
		if s.Start < prev || s.End < s.Start || s.End > n {
			return nil, fmt.Errorf("segment %d covers frames [%d, %d), want ordered ranges within [0, %d)", i, s.Start, s.End, n)
		}
		prev = s.End
		got[i].Action = actions[i]
	}
	return got, nil
}

func evenSegments(actions []string, n int) []motion.Segment {
	segs := make([]motion.Segment, len(actions))
	for i, a := range actions {
		segs[i] = motion.Segment{Action: a, Start: i * n / len(actions), End: (i + 1) * n / len(actions),
			Warnings: []string{"the executor gave no frame ranges; frames split evenly between actions"}}
	}
	return segs
}
