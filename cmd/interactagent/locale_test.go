package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCUTF8LocaleIsQuiet: started under LANG=C.UTF-8 (Debian containers' default), the binary
// sees English messages and Fyne logs no locale error; other locales stay as they are.
func TestCUTF8LocaleIsQuiet(t *testing.T) {
	for _, tc := range []struct{ env, want string }{
		{"LANG=C.UTF-8", "LANG=en_US.UTF-8"},
		{"LC_MESSAGES=C.utf8", "LC_MESSAGES=en_US.UTF-8"},
		{"LANG=de_DE.UTF-8", "LANG=de_DE.UTF-8"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestLocaleChild$")
		cmd.Env = []string{"INTERACTAGENT_LOCALE_CHILD=1", tc.env, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.env, err, out)
		}
		if strings.Contains(string(out), "Fyne error") || !strings.Contains(string(out), "env "+tc.want+"\n") {
			t.Errorf("started with %s: %s; want %s and no Fyne error", tc.env, out, tc.want)
		}
	}
}

// TestLocaleChild prints the locale variables it sees, when TestCUTF8LocaleIsQuiet starts it.
func TestLocaleChild(t *testing.T) {
	if os.Getenv("INTERACTAGENT_LOCALE_CHILD") == "" {
		t.Skip("run by TestCUTF8LocaleIsQuiet")
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v, ok := os.LookupEnv(k); ok {
			fmt.Printf("env %s=%s\n", k, v)
		}
	}
}
