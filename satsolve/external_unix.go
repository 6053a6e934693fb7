//go:build unix

package satsolve

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start a process group of its own, killed whole when
// the command's context ends: a solver script's children would otherwise
// survive the kill of the script and burn CPU after the run is over.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		if errors.Is(err, syscall.ESRCH) {
			return os.ErrProcessDone
		}
		return err
	}
}

// killGroup kills what is left of cmd's process group once its leader has
// exited: processes it started and left running. The group's id cannot have
// been given to another group meanwhile while any member lives, and without
// members the kill finds no one (ESRCH), which is ignored.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// signalNames names the signals a crashing or killed solver usually gets.
var signalNames = map[syscall.Signal]string{
	syscall.SIGABRT: "SIGABRT", syscall.SIGALRM: "SIGALRM", syscall.SIGBUS: "SIGBUS",
	syscall.SIGFPE: "SIGFPE", syscall.SIGHUP: "SIGHUP", syscall.SIGILL: "SIGILL",
	syscall.SIGINT: "SIGINT", syscall.SIGKILL: "SIGKILL", syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGQUIT: "SIGQUIT", syscall.SIGSEGV: "SIGSEGV", syscall.SIGSYS: "SIGSYS",
	syscall.SIGTERM: "SIGTERM", syscall.SIGTRAP: "SIGTRAP", syscall.SIGUSR1: "SIGUSR1",
	syscall.SIGUSR2: "SIGUSR2", syscall.SIGXCPU: "SIGXCPU", syscall.SIGXFSZ: "SIGXFSZ",
}

// signalled describes the signal that ended a process, if one did, as
// "SIGSEGV (segmentation fault)".
func signalled(ps *os.ProcessState) (string, bool) {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return "", false
	}
	sig := ws.Signal()
	name, ok := signalNames[sig]
	if !ok {
		name = fmt.Sprintf("%d", int(sig))
	}
	s := fmt.Sprintf("%s (%v)", name, sig)
	if ws.CoreDump() {
		s += ", core dumped"
	}
	return s, true
}
