// Package testclip makes the motion the render package's tests and its look tool draw when they
// need a clip without a motion file.
package testclip

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// ArcWalk is the rest pose carried from start along a left-curving arc at 1 m/s (20 fps), turning
// with the path and bobbing a little, for frames frames: motion enough to see a ghost image's
// colours and path.
func ArcWalk(start motion.State, frames int) *motion.Clip {
	c := &motion.Clip{FPS: 20}
	rest := motion.RestPose()
	const turn = 0.006 // radians per frame
	s := start
	for i := 0; i < frames; i++ {
		bob := mgl64.Vec3{0, 0.02 * math.Sin(float64(i)*0.6), 0}
		c.Frames = append(c.Frames, rest.RotateY(s.Heading).Translate(s.Root.Add(bob)))
		s = s.Compose(motion.State{Root: mgl64.Vec3{0, 0, 0.05}, Heading: turn})
	}
	return c
}
