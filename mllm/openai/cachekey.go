package openai

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// CacheKey implements mllm.CacheKeyer: a digest of what shapes a reply besides the model's name —
// the prompts' text, sampling and image settings — so that a reply cache never serves a reply
// made under other prompts or settings.
func (m *Model) CacheKey() string {
	h := sha256.New()
	for _, name := range PromptNames() {
		if t := m.prompts[name]; t != nil && t.Tree != nil && t.Tree.Root != nil {
			fmt.Fprintf(h, "%s\x00%s\x00", name, t.Tree.Root.String())
		}
	}
	o := m.opt
	seed := "none"
	if o.Seed != nil {
		seed = fmt.Sprint(*o.Seed)
	}
	fmt.Fprintf(h, "%g|%d|%s|%s|%d|%v", o.Temperature, o.MaxTokens, seed, o.Detail, o.MaxImageSide, o.OneImage)
	return hex.EncodeToString(h.Sum(nil))[:16]
}
