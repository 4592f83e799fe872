package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPrintableEscapesWhatATerminalWouldAct(t *testing.T) {
	for in, want := range map[string]string{
		"sit on the sofa":             "sit on the sofa",
		"stühle, 椅子 — ok":             "stühle, 椅子 — ok",
		"\x1b]0;pwned\x07clear":       `\x1b]0;pwned\x07clear`,
		"a\rb\nc\td":                  `a\x0db\x0ac\x09d`,
		"\u202egnp.exe":               `\u202egnp.exe`,
		"zero\u200bwidth\u0085next":   `zero\u200bwidth\u0085next`,
		"bad \xff byte, del \x7f end": `bad \ufffd byte, del \x7f end`,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// `tasks` printed a suite's escape sequences raw: a suite could retitle the terminal, clear the
// screen or overwrite earlier lines. They are shown escaped.
func TestTasksPrintsNoControlCharacters(t *testing.T) {
	dir := t.TempDir()
	suite := filepath.Join(dir, "evil.json")
	os.WriteFile(suite, []byte(`{"name": "evil\u001b[2J", "tasks": [{"id": "x\u001b]0;owned\u0007", "scene": "bedroom",
		"instruction": "lie on the bed\r\u001b[1Aall good", "steps": [[{"joint": "pelvis", "object": "bed_1", "part": "mattress", "contact": "contact", "direction": "up"}]]}]}`), 0o644)
	out := checkRun(t, []string{"tasks", suite}, 0, []string{`x\x1b]0;owned\x07`, `lie on the bed\x0d\x1b[1Aall good`, `evil\x1b[2J`})
	if strings.ContainsAny(out, "\x1b\r\x07") {
		t.Errorf("tasks printed control characters: %q", out)
	}
}

// A suite task whose goal names an object its room lacks is listed as unrunnable, with the reason.
func TestTasksSetsAsideGoalsTheSceneLacks(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(suite, []byte(`{"name": "s", "tasks": [{"id": "ghost", "scene": "bedroom", "instruction": "sit on the sofa",
		"steps": [[{"joint": "pelvis", "object": "sofa_9", "part": "seat", "contact": "contact", "direction": "up"}]]}]}`), 0o644)
	checkRun(t, []string{"tasks", suite}, 0, []string{"0 tasks", "1 unrunnable", "unrunnable ghost", "the scene has no object sofa_9"})
}
