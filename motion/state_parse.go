package motion

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// ParseState reads a state written "x,z,heading": the root's floor position in metres and the
// heading in degrees (0 faces +Z, positive turns left toward +X), such as "1.5,-2,90". It is the
// form of every --start flag; String writes states for people, not in this form.
func ParseState(s string) (State, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return State{}, fmt.Errorf("motion: state %q: want x,z,heading (metres, metres, degrees) such as 0,0,90", s)
	}
	var v [3]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !geom.Finite(f) {
			return State{}, fmt.Errorf("motion: state %q: %q is not a finite number", s, p)
		}
		v[i] = f
	}
	return State{Root: mgl64.Vec3{v[0], 0, v[1]}, Heading: mgl64.DegToRad(v[2])}, nil
}
