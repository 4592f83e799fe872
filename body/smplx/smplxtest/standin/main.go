// Command standin writes a generated stand-in model file in the exact layout of SMPL-X's
// SMPLX_*.npz (package smplxtest: the open MakeHuman body re-rigged in SMPL-X's 55-joint order,
// with synthetic shape and pose blend shapes). It is not SMPL-X: it lets a person try --body
// smplx, convert and export --format smplx, and draws the README's stand-in pictures, where the
// licensed model cannot be shipped.
//
//	go run ./body/smplx/smplxtest/standin -out /tmp/SMPLX_STANDIN.npz [-vertices 10475] [-shape 400]
package main

import (
	"flag"
	"fmt"
	"os"

	"interactagent/body/smplx/smplxtest"
)

func main() {
	out := flag.String("out", "", "the .npz file to write")
	vertices := flag.Int("vertices", 0, "keep about this many vertices (0: all 13,380 of the open body)")
	shape := flag.Int("shape", 400, "shapedirs columns: 400 (300 shape + 100 expression, as SMPL-X 2020 files) or 20 (10 + 10)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: standin -out FILE.npz [-vertices N] [-shape 400|20]")
		os.Exit(2)
	}
	if _, err := smplxtest.Write(*out, smplxtest.Options{ShapeColumns: *shape, Vertices: *vertices, Fortran: true}); err != nil {
		fmt.Fprintln(os.Stderr, "standin:", err)
		os.Exit(1)
	}
	fmt.Println("wrote", *out, "(a generated stand-in in SMPL-X's layout, not SMPL-X)")
}
