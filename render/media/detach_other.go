//go:build !linux

package media

import "syscall"

// detached starts ffmpeg as any child process where the Linux guarantees are not available.
func detached() *syscall.SysProcAttr { return nil }
