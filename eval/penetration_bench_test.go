package eval

import (
	"fmt"
	"interactagent/body/smplx"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// benchScene is about 300k triangles of procedural furniture on a 2.5 m grid, every kind in turn,
// with a sofa (seat centre benchSeat) in the first cell.
var benchScene = sync.OnceValue(func() *scene.Scene {
	s := &scene.Scene{Name: "bench-300k"}
	kinds := append([]string{"sofa"}, furniture.Kinds()...)
	for i := 0; s.TriangleCount() < 300_000; i++ {
		k := kinds[i%len(kinds)]
		o, err := furniture.New(furniture.Spec{Kind: k, ID: fmt.Sprintf("%s_%d", k, i),
			Position: mgl64.Vec3{float64(i%60) * 2.5, 0, float64(i/60) * 2.5}})
		if err != nil {
			panic(err) // a furniture kind that cannot be built is a bug elsewhere
		}
		s.Objects = append(s.Objects, o)
	}
	return s
})

// benchClips are 200-frame clips in benchScene at 20 fps: walking past the sofa without touching
// it, walking up to it and sitting for the second half, and walking straight through it.
func benchClips() map[string]*motion.Clip {
	sofa := benchScene().Objects[0]
	seat := sofa.Surfaces[0].Center
	sit := holdClip(seatedPose(seat.Add(mgl64.Vec3{0, 0.1, 0.08})), 100)
	approach := walkClip(mgl64.Vec3{seat.X(), 0, 2.4}, mgl64.Vec3{seat.X(), 0, 0.9}, 100)
	walkSit := approach.Clone()
	walkSit.Frames = append(walkSit.Frames, sit.Frames...)
	return map[string]*motion.Clip{
		"walk_past":    walkClip(mgl64.Vec3{-1.6, 0, -1}, mgl64.Vec3{-1.6, 0, 4}, 200),
		"walk_sit":     walkSit,
		"walk_through": walkClip(mgl64.Vec3{0, 0, -2}, mgl64.Vec3{0, 0, 2}, 200),
	}
}

// BenchmarkPenetration measures the penetration statistics of a 200-frame clip in the
// 300k-triangle scene, after preparation.
func BenchmarkPenetration(b *testing.B) {
	prep := Prepare(benchScene())
	for _, name := range []string{"walk_past", "walk_sit", "walk_through"} {
		clip := benchClips()[name]
		b.Run(name, func(b *testing.B) {
			st, err := Penetration(prep, clip, Proxy())
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				Penetration(prep, clip, Proxy())
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(st.Max, "pe_max")
		})
	}
}

// BenchmarkPenetrationHuman measures the same clips as BenchmarkPenetration on the open human
// body: the fit, each frame's chunk culling, and the skinning and depths of the chunks kept.
func BenchmarkPenetrationHuman(b *testing.B) {
	prep := Prepare(benchScene())
	skin, err := Human()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"walk_past", "walk_sit", "walk_through"} {
		clip := benchClips()[name]
		b.Run(name, func(b *testing.B) {
			st, err := Penetration(prep, clip, skin)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				Penetration(prep, clip, skin)
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(st.Max, "pe_max")
		})
	}
}

// BenchmarkPrepare measures preparing the 300k-triangle scene (the scene package's BVH build).
func BenchmarkPrepare(b *testing.B) {
	s := benchScene()
	b.ReportMetric(float64(s.TriangleCount()), "triangles")
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		Prepare(s)
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// processCPU returns the CPU time the process has used, all threads together: on a machine
// shared with others it says what an operation costs where wall time says how long it waited.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPenetrationSMPLX measures the bench clips on a generated stand-in SMPL-X model (all
// 13,380 vertices, 400 shapedirs columns; SMPL-X has 10,475): "measure" is the penetration of the
// fitted motion (every vertex, exactly), "fit+measure" what Penetration does, the fit included.
func BenchmarkPenetrationSMPLX(b *testing.B) {
	prep := Prepare(benchScene())
	s := standIn(b, 0)
	body, err := NewSMPLX(s)
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"walk_past", "walk_sit", "walk_through"} {
		clip := benchClips()[name]
		mo, err := smplx.Fit(s, clip)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/measure", func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				body.fitted(prep, mo)
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
		b.Run(name+"/fit+measure", func(b *testing.B) {
			for b.Loop() {
				Penetration(prep, clip, body)
			}
		})
	}
}
