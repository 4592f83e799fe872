//go:build race

package bench

// raceEnabled is true when the tests run under the race detector.
const raceEnabled = true
