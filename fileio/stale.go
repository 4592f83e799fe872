package fileio

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// tempPrefix is the start of the name of a temporary file written for base by process pid.
func tempPrefix(base string, pid int) string { return "." + base + "." + strconv.Itoa(pid) + "." }

// removeStale removes the temporary files that earlier writes of base left in dir when their
// process died before committing or aborting (a kill -9, a power cut). Files of processes still
// running are left alone: they may be writing now.
func removeStale(dir, base string) {
	matches, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".*.*.tmp"))
	for _, m := range matches {
		if pid, ok := tempOwner(filepath.Base(m), base); ok && pid != os.Getpid() && !processAlive(pid) {
			os.Remove(m)
		}
	}
}

// tempOwner returns the process id in a temporary file's name ".BASE.PID.RANDOM.tmp".
func tempOwner(name, base string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "."+base+".")
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, ".tmp")
	pidText, random, found := strings.Cut(rest, ".")
	if !ok || !found || !allDigits(random) || !allDigits(pidText) {
		return 0, false
	}
	pid, err := strconv.Atoi(pidText)
	return pid, err == nil && pid > 0
}

// allDigits reports whether s is a non-empty run of decimal digits.
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// globEscape quotes the characters filepath.Match gives a meaning to.
func globEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`)
	return r.Replace(s)
}
