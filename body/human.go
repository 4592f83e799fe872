package body

import (
	"fmt"
	"sync"

	"interactagent/assets"
)

// human caches the decoded open body.
var human = sync.OnceValues(func() (*Model, error) {
	m, err := Decode(assets.HumanBody())
	if err != nil {
		return nil, fmt.Errorf("body: the embedded open body (assets/body/makehuman.iabody): %w", err)
	}
	return m, nil
})

// Human returns the open human body the binary embeds: MakeHuman's CC0 base mesh hm08 (13,380
// vertices, 26,756 triangles) with the CMU-MB rig's weights merged onto our 22 joints. It is decoded
// once and shared: callers must not modify it.
func Human() (*Model, error) { return human() }
