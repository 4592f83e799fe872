package eval

import (
	"fmt"
	"sync"

	"interactagent/body"
	"interactagent/body/smplx"
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
	// frames measures every frame of a valid clip in prep, and says how well a body fitted by
	// optimisation fits it (nil for the others).
	frames(prep *PreparedScene, clip *motion.Clip) ([]frameResult, *FitError, error)
}

// BodyNames returns the names OpenBody reads, the default first.
func BodyNames() []string { return []string{BodyHuman, BodyProxy, BodySMPLX} }

// OpenBody returns the body a setting names: BodyNamed's, or for BodySMPLX the user's model
// file at smplxPath (smplx.Open: loaded once per process), which must then be named.
func OpenBody(name, smplxPath string) (Body, error) {
	if name != BodySMPLX {
		return BodyNamed(name)
	}
	s, err := smplx.Open(smplxPath)
	if err != nil {
		return nil, fmt.Errorf("eval: the %s body: %w", BodySMPLX, err)
	}
	return smplxBody(s)
}

// smplxBodies caches the SMPL-X body of the model smplx.Open returned last.
var smplxBodies struct {
	sync.Mutex
	shaped *smplx.Shaped
	body   *SMPLX
}

// smplxBody returns s prepared for penetration, prepared once while s is the model in use.
func smplxBody(s *smplx.Shaped) (*SMPLX, error) {
	smplxBodies.Lock()
	defer smplxBodies.Unlock()
	if smplxBodies.shaped == s {
		return smplxBodies.body, nil
	}
	b, err := NewSMPLX(s)
	if err != nil {
		return nil, err
	}
	smplxBodies.shaped, smplxBodies.body = s, b
	return b, nil
}

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
	case BodySMPLX:
		return nil, fmt.Errorf("eval: the %s body needs the user's model file: want OpenBody with its path", BodySMPLX)
	}
	return nil, fmt.Errorf("eval: unknown body %q, want %s (the open MakeHuman body), %s (the capsule proxy) or %s (the user's SMPL-X model)", name, BodyHuman, BodyProxy, BodySMPLX)
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
