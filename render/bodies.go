package render

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"interactagent/body"
	"interactagent/motion"
)

// BodyKind chooses the body a picture's people are drawn with.
type BodyKind int

const (
	// BodyDefault leaves the choice to whoever draws: an engine's Options.Body, and the human
	// body where nobody chose.
	BodyDefault BodyKind = iota
	// BodyHuman is the open human body (body.Human), fitted to each clip it is drawn for.
	BodyHuman
	// BodyProxy is the capsule proxy of package motion, the body penetration is measured with.
	BodyProxy
)

// bodyKindNames are the names of the kinds, in the constants' order.
var bodyKindNames = [...]string{"default", "human", "proxy"}

// String returns the kind's name, as ParseBody reads it.
func (k BodyKind) String() string {
	if k < 0 || int(k) >= len(bodyKindNames) {
		return fmt.Sprintf("BodyKind(%d)", int(k))
	}
	return bodyKindNames[k]
}

// BodyNames returns the names ParseBody takes for a choice of body, the default first.
func BodyNames() []string { return slices.Clone(bodyKindNames[1:]) }

// ParseBody reads the name of a body: "human" or "proxy"; the empty string is BodyDefault.
func ParseBody(s string) (BodyKind, error) {
	if s == "" {
		return BodyDefault, nil
	}
	for k, name := range bodyKindNames {
		if k > 0 && s == name {
			return BodyKind(k), nil
		}
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

// Bodies gives the poses of one clip a body: the human body fitted to the clip once, or the
// capsule proxy. It is read-only once made, so several goroutines may share it.
type Bodies struct {
	model  *body.Model  // nil: the capsule proxy
	fitter *body.Fitter // fitted to the clip, with model
}

// NewBodies prepares kind's body for clip: BodyHuman (and BodyDefault) fits the open human body
// to it, refusing a clip with a joint that is not finite or a bone too short to fit, by frame and
// joint; BodyProxy needs nothing.
func NewBodies(kind BodyKind, clip *motion.Clip) (*Bodies, error) {
	if kind.resolved() == BodyProxy {
		return &Bodies{}, nil
	}
	m, err := body.Human()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	f, err := body.NewFitter(m, clip)
	if err != nil {
		return nil, fmt.Errorf("render: fit the human body: %w", err)
	}
	return &Bodies{model: m, fitter: f}, nil
}

// Kind returns the body the figures get: BodyHuman or BodyProxy.
func (b *Bodies) Kind() BodyKind {
	if b.model == nil {
		return BodyProxy
	}
	return BodyHuman
}

// Model returns the body model the figures are skinned from, nil for the capsule proxy.
func (b *Bodies) Model() *body.Model { return b.model }

// Skinning returns the skinning matrices of the human body at pose p (a pose of the clip, or one
// between two of its frames); it fails for the capsule proxy and for a pose the fit refuses.
func (b *Bodies) Skinning(p motion.Pose) (*body.Skinning, error) {
	if b.fitter == nil {
		return nil, fmt.Errorf("render: the capsule proxy has no skinning, want the human body")
	}
	s, err := b.fitter.Frame(p)
	if err != nil {
		return nil, fmt.Errorf("render: fit the human body: %w", err)
	}
	return &s, nil
}

// Figure returns the figure of pose p in colour c (see Figure.Color), skinned when the body is
// human.
func (b *Bodies) Figure(p motion.Pose, c color.NRGBA) (Figure, error) {
	f := Figure{Pose: p, Color: c}
	if b.model == nil {
		return f, nil
	}
	s, err := b.Skinning(p)
	if err != nil {
		return Figure{}, err
	}
	f.Body, f.Skin = b.model, s
	return f, nil
}
