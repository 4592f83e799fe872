package scene

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// StartSpec says where a clip is placed before it is drawn or measured: where its file has it, at
// the scene's start, or at a given state. The command line, the desktop app and the benchmark
// parse it once (ParseStart) and resolve it against a scene (Resolve).
type StartSpec struct {
	kind  startKind
	state motion.State
}

// startKind is what a StartSpec asks for.
type startKind uint8

const (
	startAsIs  startKind = iota // as in the file
	startScene                  // the scene's own start
	startState                  // a given state
)

// ParseStart reads a start: "" (as in the file), "scene" (the scene's start) or "x,z,heading"
// (metres, metres, degrees; see motion.ParseState).
func ParseStart(spec string) (StartSpec, error) {
	switch spec {
	case "":
		return StartSpec{}, nil
	case "scene":
		return StartSpec{kind: startScene}, nil
	}
	st, err := motion.ParseState(spec)
	if err != nil {
		return StartSpec{}, fmt.Errorf("scene: start %q: want \"scene\" or x,z,heading: %w", spec, err)
	}
	return StartSpec{kind: startState, state: st}, nil
}

// Resolve returns the state the spec places a clip at in s, or nil to leave the clip where its file
// has it. The scene's start needs a scene: with s nil it is an error.
func (sp StartSpec) Resolve(s *Scene) (*motion.State, error) {
	switch sp.kind {
	case startScene:
		if s == nil {
			return nil, fmt.Errorf("scene: start \"scene\" needs a scene")
		}
		st := s.Start
		return &st, nil
	case startState:
		st := sp.state
		return &st, nil
	}
	return nil, nil
}

// String writes the spec as ParseStart reads it.
func (sp StartSpec) String() string {
	switch sp.kind {
	case startScene:
		return "scene"
	case startState:
		return fmt.Sprintf("%g,%g,%g", sp.state.Root.X(), sp.state.Root.Z(), mgl64.RadToDeg(sp.state.Heading))
	}
	return ""
}
