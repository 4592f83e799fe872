package export

import (
	"fmt"
	"strings"

	"interactagent/body"
)

// The bodies a glTF export can skin to the rig (Request.Body).
const (
	// HumanBody is the open human body (body.Human), fitted to the motion: the default.
	HumanBody = "human"
	// ProxyBody is the capsule proxy of package motion, the body penetration is measured with.
	ProxyBody = "proxy"
	// SMPLXBody is the user's SMPL-family model (Request.SMPLX), which videos draw; a glTF file
	// skins the open human body instead (the smplx format carries the model's parameters).
	SMPLXBody = "smplx"
)

// BodyNames returns the names Request.Body takes, the default first.
func BodyNames() []string { return []string{HumanBody, ProxyBody, SMPLXBody} }

// checkBody refuses a body name that is not one of BodyNames (the empty name is HumanBody), and
// the smplx body asked of a glTF file, which skins only the bodies built in.
func checkBody(name string, fi FormatInfo) error {
	switch name {
	case "", HumanBody, ProxyBody:
		return nil
	case SMPLXBody:
		if fi.Format == GLB || fi.Format == GLTF {
			return fmt.Errorf("export: a glTF file skins the human or the proxy body, not your SMPL-X model (its licence keeps its mesh out of files we write): want --body human, or --format smplx for the model's parameters, which the Blender SMPL-X add-on and aitviewer pose")
		}
		return nil
	}
	return fmt.Errorf("export: unknown body %q, want one of %s", name, strings.Join(BodyNames(), ", "))
}

// bodyModel returns the model a glTF export skins: the open human body (also for a run made with
// the smplx body), or nil for the proxy.
func bodyModel(name string) (*body.Model, error) {
	if name == ProxyBody {
		return nil, nil
	}
	m, err := body.Human()
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return m, nil
}

// bodyNote says which body a glTF export holds, for Result.Notes.
func bodyNote(m *body.Model) string {
	if m == nil {
		return "body: the capsule proxy"
	}
	return "body: " + m.Name + ", fitted to the motion and bound to the rig in its rest pose"
}
