package motion

import "fmt"

// The limits every clip shares, wherever it comes from (a file, an executor, a remote server) or
// goes to. They live here, at the bottom of the clip's world, so that a rate or a length one package
// accepts is one every other package accepts too.

// MaxFPS is the highest frame rate (frames per second) a clip may have. Motion capture records at
// up to a few hundred frames per second and text-to-motion models at 20 to 30; a larger number is
// a mistake (a frame count or a duration in milliseconds passed as a rate), and refusing it keeps
// Resample from building millions of frames out of a short clip.
const MaxFPS = 1000.0

// MaxFrames is the most frames a motion file may hold and an executor may produce (83 minutes at
// HumanML3DFPS). Larger files are refused before anything is allocated for their data; every clip
// within it can be written to a file and read back.
const MaxFrames = 100_000

// CheckFPS reports whether fps is a usable frame rate: a number in (0, MaxFPS]. NaN, infinities,
// zero and negative rates are refused. It is the one fps check of the project: readers, writers,
// executors and command-line flags all call it.
func CheckFPS(fps float64) error {
	if !(fps > 0) || fps > MaxFPS { // !(fps > 0) also catches NaN; +Inf is > MaxFPS
		return fmt.Errorf("motion: fps %v, want a rate in (0, %g]", fps, MaxFPS)
	}
	return nil
}

// MaxSegments is the most segments a clip may carry when it is written to or read from a clip JSON
// document: one per frame (a segment is an action, and every action makes at least one frame), so
// MaxFrames. It bounds what a document may ask a reader to allocate for its segments.
const MaxSegments = MaxFrames

// MaxActionBytes is the longest action text a segment may carry, in bytes. An atomic action is
// one sentence ("A person walks forward 2 meters."); anything longer is a mistake or an attack.
// The remote executor protocol (executor/remote.MaxActionBytes) uses the same size, and the
// built-in executor refuses longer actions, so that every action an executor accepts fits a clip.
const MaxActionBytes = 1000
