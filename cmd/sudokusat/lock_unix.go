//go:build unix

package main

import (
	"os"
	"syscall"
)

// lockFile takes the exclusive lock of f (flock(2)) without waiting: it
// returns errLocked when another process holds it. The lock is the open
// file's, so it goes when f is closed or the process ends, however it ends.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EWOULDBLOCK:
			return errLocked
		}
		return err
	}
}
