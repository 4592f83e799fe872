package task

import (
	"os"
	"testing"

	"interactagent/scene/unihsi"
)

// sharedPlans are the shared UniHSI plan files whose plans all have geometry.
var sharedPlans = []string{"partnet_train_simple.json", "partnet_train_mid.json", "partnet_train_hard.json", "test.json"}

const unihsiTestdata = "../../shared/testdata/unihsi/"

// readPlans reads a shared plan file.
func readPlans(t testing.TB, name string) []*unihsi.Plan {
	t.Helper()
	f, err := os.Open(unihsiTestdata + name)
	if err != nil {
		t.Skipf("shared UniHSI plans not here: %v", err)
	}
	defer f.Close()
	plans, err := unihsi.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return plans
}
