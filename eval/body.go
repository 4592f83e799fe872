package eval

import (
	"fmt"
	"sync"

	"interactagent/body"
	"interactagent/motion"
)

// The names of the bodies penetration can be measured on, as settings, flags, run.json and
// reports write them.
const (
	// BodyHuman is the open MakeHuman body of package body, skinned to each clip (the default of
	// a new run).
	BodyHuman = "human"
	// BodyProxy is the capsule body proxy of package motion (every run before issue 22).
	BodyProxy = "proxy"
)

// Body is what penetration is measured on: the capsule proxy (Proxy) or a skinned mesh (Skin, and
// Human for the open body). Only this package makes Bodies; each is immutable and may measure any
// number of clips at once.
type Body interface {
	// Name is the body's setting name: BodyHuman for the open human body, BodyProxy for the
	// capsule proxy, or a mesh's own name for another model.
	Name() string
	// Description says in words what the numbers are measured on, for every report.
	Description() string
	// frames measures every frame of a valid clip in prep.
	frames(prep *PreparedScene, clip *motion.Clip) ([]frameResult, error)
}

// BodyNames returns the names BodyNamed reads, the default first.
func BodyNames() []string { return []string{BodyHuman, BodyProxy} }

// BodyNamed returns the body a setting names: BodyHuman (the open human body, Human) or
// BodyProxy (the capsule proxy, Proxy).
func BodyNamed(name string) (Body, error) {
	switch name {
	case BodyHuman:
		s, err := Human()
		if err != nil {
			return nil, err
		}
		return s, nil
	case BodyProxy:
		return Proxy(), nil
	}
	return nil, fmt.Errorf("eval: unknown body %q, want %s (the open MakeHuman body) or %s (the capsule proxy)", name, BodyHuman, BodyProxy)
}

// human caches the open body's preparation, made once per process.
var human = sync.OnceValues(func() (*Skin, error) {
	m, err := body.Human()
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	s, err := NewSkin(m)
	if err != nil {
		return nil, err
	}
	s.name = BodyHuman
	return s, nil
})

// Human returns the open human body (body.Human) prepared for penetration; it is made once and
// shared.
func Human() (*Skin, error) { return human() }
