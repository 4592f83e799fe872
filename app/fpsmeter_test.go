package app

import (
	"testing"
	"time"
)

func TestFPSMeterCountsTheLastSecond(t *testing.T) {
	var m fpsMeter
	t0 := time.Unix(100, 0)
	var got int
	for i := 0; i < 90; i++ { // 3 s at 30 frames a second
		got = m.add(t0.Add(time.Duration(i) * time.Second / 30))
	}
	if got != 30 {
		t.Errorf("30 frames a second counted as %d", got)
	}
	if got = m.add(t0.Add(10 * time.Second)); got != 1 {
		t.Errorf("after a pause: %d, want 1", got)
	}
}
