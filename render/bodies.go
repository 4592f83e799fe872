package render

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"interactagent/body"
	"interactagent/body/smplx"
	"interactagent/motion"
)

// BodyKind chooses the body a picture's people are drawn with. It is a value: BodyDefault,
// BodyHuman, BodyProxy, or BodySMPLX's, which carries the user's model.
type BodyKind struct {
	kind  bodyKind
	smplx *smplx.Shaped // BodySMPLX's model
}

// bodyKind is which body a BodyKind names.
type bodyKind uint8

const (
	kindDefault bodyKind = iota
	kindHuman
	kindProxy
	kindSMPLX
)

var (
	// BodyDefault leaves the choice to whoever draws: an engine's Options.Body, and the human
	// body where nobody chose.
	BodyDefault = BodyKind{}
	// BodyHuman is the open human body (body.Human), fitted to each clip it is drawn for.
	BodyHuman = BodyKind{kind: kindHuman}
	// BodyProxy is the capsule proxy of package motion, the body penetration is measured with.
	BodyProxy = BodyKind{kind: kindProxy}
)

// BodySMPLX returns the kind that draws the user's SMPL-family model s (package smplx), fitted
// to each clip it is drawn for and skinned exactly, pose correctives included.
func BodySMPLX(s *smplx.Shaped) BodyKind { return BodyKind{kind: kindSMPLX, smplx: s} }

// bodyKindNames are the names of the kinds, in the constants' order.
var bodyKindNames = [...]string{"default", "human", "proxy", "smplx"}

// String returns the kind's name, as ParseBody reads it.
func (k BodyKind) String() string {
	if int(k.kind) >= len(bodyKindNames) {
		return fmt.Sprintf("BodyKind(%d)", int(k.kind))
	}
	return bodyKindNames[k.kind]
}

// SMPLX returns the model BodySMPLX carries, nil for the other kinds.
func (k BodyKind) SMPLX() *smplx.Shaped { return k.smplx }

// BodyNames returns the names ParseBody takes for a choice of body, the default first.
func BodyNames() []string { return slices.Clone(bodyKindNames[1:]) }

// ParseBody reads the name of a body: "human" or "proxy"; the empty string is BodyDefault.
// "smplx" needs the user's model: it is refused here, and BodySMPLX makes it.
func ParseBody(s string) (BodyKind, error) {
	switch s {
	case "":
		return BodyDefault, nil
	case "human":
		return BodyHuman, nil
	case "proxy":
		return BodyProxy, nil
	case "smplx":
		return BodyDefault, fmt.Errorf("render: the smplx body needs the user's model file: want render.BodySMPLX(model)")
	}
	return BodyDefault, fmt.Errorf("render: unknown body %q, want one of %s", s, strings.Join(BodyNames(), ", "))
}

// or returns k, or def when k is BodyDefault.
func (k BodyKind) or(def BodyKind) BodyKind {
	if k == BodyDefault {
		return def
	}
	return k
}

// resolved returns k with BodyDefault taken as the human body.
func (k BodyKind) resolved() BodyKind { return k.or(BodyHuman) }

// valid reports whether k is one of the kinds, with its model where it needs one.
func (k BodyKind) valid() bool {
	return k.kind <= kindProxy && k.smplx == nil || k.kind == kindSMPLX && k.smplx != nil
}

// Bodies gives the poses of one clip a body: the human body or the user's SMPL-family model
// fitted to the clip once, or the capsule proxy. It is read-only once made, so several
// goroutines may share it.
type Bodies struct {
	kind   BodyKind
	model  *body.Model  // nil: the capsule proxy
	fitter *body.Fitter // the human body's, fitted to the clip
	smplx  *smplxFit    // the SMPL-family model's
}

// NewBodies prepares kind's body for clip: BodyHuman (and BodyDefault) fits the open human body
// to it and BodySMPLX the user's model, refusing a clip with a joint that is not finite or a bone
// too short to fit, by frame and joint; BodyProxy needs nothing.
func NewBodies(kind BodyKind, clip *motion.Clip) (*Bodies, error) {
	kind = kind.resolved()
	switch {
	case !kind.valid():
		return nil, fmt.Errorf("render: body %v without its model", kind)
	case kind == BodyProxy:
		return &Bodies{kind: kind}, nil
	case kind.kind == kindSMPLX:
		f, err := newSMPLXFit(kind.smplx, clip)
		if err != nil {
			return nil, err
		}
		return &Bodies{kind: kind, model: kind.smplx.Mesh(), smplx: f}, nil
	}
	m, err := body.Human()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	f, err := body.NewFitter(m, clip)
	if err != nil {
		return nil, fmt.Errorf("render: fit the human body: %w", err)
	}
	return &Bodies{kind: kind, model: m, fitter: f}, nil
}

// Kind returns the body the figures get: BodyHuman, BodyProxy or a BodySMPLX.
func (b *Bodies) Kind() BodyKind { return b.kind }

// Model returns the body model the figures are skinned from, nil for the capsule proxy.
func (b *Bodies) Model() *body.Model { return b.model }

// Skinning returns the skinning matrices of the body at pose p (a pose of the clip, or one
// between two of its frames); it fails for the capsule proxy and for a pose the fit refuses. An
// SMPL-family body also needs its pose correctives (Figure adds them).
func (b *Bodies) Skinning(p motion.Pose) (*body.Skinning, error) {
	switch {
	case b.smplx != nil:
		params, err := b.smplx.params(p)
		if err != nil {
			return nil, err
		}
		s := b.smplx.shaped.Skinning(&params)
		return &s, nil
	case b.fitter == nil:
		return nil, fmt.Errorf("render: the capsule proxy has no skinning, want a body model")
	}
	s, err := b.fitter.Frame(p)
	if err != nil {
		return nil, fmt.Errorf("render: fit the human body: %w", err)
	}
	return &s, nil
}

// Figure returns the figure of pose p in colour c (see Figure.Color), skinned when the body is a
// mesh.
func (b *Bodies) Figure(p motion.Pose, c color.NRGBA) (Figure, error) {
	f := Figure{Pose: p, Color: c}
	switch {
	case b.model == nil:
		return f, nil
	case b.smplx != nil:
		return b.smplx.figure(f)
	}
	s, err := b.Skinning(p)
	if err != nil {
		return Figure{}, err
	}
	f.Body, f.Skin = b.model, s
	return f, nil
}
