//go:build linux

package media

import "syscall"

// detached makes ffmpeg a process of its own group, so that the Ctrl-C a terminal sends to our
// group does not reach it (it would finish a partial video on its own), and has the kernel kill it
// when we die, so that a killed writer leaves no ffmpeg behind still writing.
func detached() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
