package satsolve

import (
	"os/exec"
	"syscall"
)

// dieWithParent has Linux kill cmd's process when this one dies, however
// it dies (SIGKILL included): a gophersat worker or a SAT solver must not
// go on at full CPU, reparented to init, once nobody reads its answer.
// The signal comes when the thread that started the process ends, which in
// Go is the process's end: the runtime does not end its threads.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
