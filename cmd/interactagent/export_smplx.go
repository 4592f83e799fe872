package main

import (
	"flag"
	"fmt"

	"interactagent/body/smplx"
	"interactagent/wiring"
)

// bindSMPLX binds the smplx format's flags: the model file fitted to the motion and the file's
// up axis.
func (f *exportFlags) bindSMPLX(fs *flag.FlagSet) {
	fs.StringVar(&f.smplx, "smplx", "", "smplx: your SMPL-X (or SMPL-H, SMPL) model file .npz, fitted to the motion with betas 0 (default $"+wiring.SMPLXEnv+")")
	fs.StringVar(&f.up, "up", "z", "smplx: the file's up axis, z (AMASS's, what aitviewer and the Blender add-on expect) or y (ours)")
}

// smplxRequest reads the smplx flags: the model file (--smplx, else the environment's) and the up
// axis.
func (f exportFlags) smplxRequest() (string, smplx.Up, error) {
	up, err := smplx.ParseUp(f.up)
	if err != nil {
		return "", 0, usageError{fmt.Sprintf("--up %q, want y or z", f.up)}
	}
	return wiring.SMPLXPath(f.smplx), up, nil
}
