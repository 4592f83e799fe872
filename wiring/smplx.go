package wiring

import (
	"fmt"

	"interactagent/agent"
	"interactagent/body/smplx"
	"interactagent/eval"
)

// SMPLXEnv is the environment variable naming the user's SMPL-X (or SMPL-H, SMPL) model file
// when no --smplx flag does.
const SMPLXEnv = smplx.EnvVar

// ErrNoSMPLX is the error of a body or format that needs an SMPL-X model file when none is named:
// it says how to get one and how to point at it.
var ErrNoSMPLX = smplx.ErrNoModel

// SMPLXPath returns the model file the user named: flag when given, else $INTERACTAGENT_SMPLX,
// else "".
func SMPLXPath(flag string) string { return smplx.PathFrom(flag) }

// LoadSMPLX reads the model file the user named (SMPLXPath), saying how to get one when none is
// named.
func LoadSMPLX(flag string) (*smplx.Model, error) {
	path := SMPLXPath(flag)
	if path == "" {
		return nil, ErrNoSMPLX
	}
	m, err := smplx.Load(path)
	if err != nil {
		return nil, fmt.Errorf("wiring: %w", err)
	}
	return m, nil
}

// sameModelFile refuses to resume the run in dir with a body model file whose content is not the
// one the run was measured with (run.json's body_model), which would mix two bodies' numbers.
func sameModelFile(dir string, b eval.Body) error {
	f, ok := b.(interface{ File() eval.ModelFile })
	if !ok {
		return nil
	}
	info, err := agent.ReadRunInfo(dir)
	if err != nil || info.BodyModel == nil {
		return nil // a run that never wrote run.json, or measured on a built-in body: nothing to compare
	}
	now := f.File()
	if info.BodyModel.Hash != now.Hash {
		return fmt.Errorf("the model file %s (%s) is not the one the run was measured with: %s (%s); point --smplx at that file",
			now.Path, now.Hash, info.BodyModel.Path, info.BodyModel.Hash)
	}
	return nil
}
