package smplx

// Load reads an SMPL-family model file (.npz). Placeholder: helper A writes it.
func Load(path string) (*Model, error) { return nil, errTODO }
