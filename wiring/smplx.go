package wiring

import (
	"fmt"

	"interactagent/body/smplx"
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
