//go:build race

package main

// raceEnabled is true when the tests run under the race detector, which slows the load test
// tenfold without making it check anything more.
const raceEnabled = true
