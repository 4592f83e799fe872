package trumans_test

import "github.com/go-gl/mathgl/mgl64"

func mgl(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }

func vec4(x, y, z, w float64) mgl64.Vec4 { return mgl64.Vec4{x, y, z, w} }
