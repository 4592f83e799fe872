package wiring

import (
	"cmp"
	"errors"
	"fmt"
	"os"

	"interactagent/body/smplx"
)

// SMPLXEnv is the environment variable naming the user's SMPL-X (or SMPL-H, SMPL) model file
// when no --smplx flag does.
const SMPLXEnv = "INTERACTAGENT_SMPLX"

// ErrNoSMPLX is the error of a body or format that needs an SMPL-X model file when none is named.
var ErrNoSMPLX = errors.New("no SMPL-X model file: the SMPL-X body model is licensed and cannot ship with InteractAgent; " +
	"register at https://smpl-x.is.tue.mpg.de, download the SMPL-X model (npz), and point at a file such as " +
	"SMPLX_NEUTRAL.npz with --smplx FILE or the environment variable " + SMPLXEnv)

// SMPLXPath returns the model file the user named: flag when given, else $INTERACTAGENT_SMPLX,
// else "".
func SMPLXPath(flag string) string { return cmp.Or(flag, os.Getenv(SMPLXEnv)) }

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
