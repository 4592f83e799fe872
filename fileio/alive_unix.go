//go:build unix

package fileio

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process with this id exists (a signal 0 reaches it or is refused
// for permission, not for absence).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
