package smplx

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// EnvVar is the environment variable naming the user's model file when no --smplx flag does.
const EnvVar = "INTERACTAGENT_SMPLX"

// ErrNoModel is the error of a body or format that needs a model file when none is named.
var ErrNoModel = errors.New("no SMPL-X model file: the SMPL-X body model is licensed and cannot ship with InteractAgent; " +
	"register at https://smpl-x.is.tue.mpg.de, download the SMPL-X model (npz), and point at a file such as " +
	"SMPLX_NEUTRAL.npz with --smplx FILE or the environment variable " + EnvVar)

// PathFrom returns the model file the user named: flag when given, else $INTERACTAGENT_SMPLX,
// else "".
func PathFrom(flag string) string { return cmp.Or(flag, os.Getenv(EnvVar)) }

// Open returns the model file at path with zero betas (the shape the project draws and measures
// our motion with), loaded once per process and file version: later calls for the same
// unchanged file return the same *Shaped, so that what was prepared for it (uploads, chunks) is
// reused. An empty path is ErrNoModel.
func Open(path string) (*Shaped, error) {
	if path == "" {
		return nil, ErrNoModel
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("smplx: %s: %w", path, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("smplx: model file: %w", err)
	}
	key := openKey{abs, st.Size(), st.ModTime()}
	opened.Lock()
	defer opened.Unlock()
	if s, ok := opened.m[key]; ok {
		return s, nil
	}
	s, err := openShaped(path)
	if err != nil {
		return nil, err
	}
	opened.m = map[openKey]*Shaped{key: s} // one model at a time: a new file replaces the old
	return s, nil
}

// openKey is a model file's version: its path, size and modification time.
type openKey struct {
	path string
	size int64
	mod  time.Time
}

// opened holds the model Open loaded last.
var opened struct {
	sync.Mutex
	m map[openKey]*Shaped
}

// openShaped loads path and shapes it with zero betas.
func openShaped(path string) (*Shaped, error) {
	m, err := Load(path)
	if err != nil {
		return nil, err
	}
	return m.Shape(nil)
}
