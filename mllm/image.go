package mllm

import (
	"crypto/sha256"
	"encoding/hex"
)

// Image is a rendered picture for a model: PNG bytes, a short name ("top", "step-3") and a caption
// that tells the model what it shows ("ghost image of step 3: the body drawn at 24 moments, red
// earliest → purple latest"). Backends that read pictures send it; the geometric reasoner reads the
// geometry it was drawn from instead.
type Image struct {
	Name    string `json:"name"`
	Caption string `json:"caption,omitempty"`
	PNG     []byte `json:"-"`
}

// Hash returns the SHA-256 of the PNG bytes in hex: what a cache key and a trace record of an
// image.
func (im Image) Hash() string {
	s := sha256.Sum256(im.PNG)
	return hex.EncodeToString(s[:])
}

// Empty reports whether the image has no pixels to send.
func (im Image) Empty() bool { return len(im.PNG) == 0 }

// Images counts the images of a list that have pixels: the VQUs a request carrying them costs.
func Images(ims ...Image) int {
	n := 0
	for _, im := range ims {
		if !im.Empty() {
			n++
		}
	}
	return n
}
