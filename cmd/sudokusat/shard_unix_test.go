//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bigInput writes n copies of testdata/easy-sample.txt to a file: 10n
// puzzles, whose records are far more than a pipe holds.
func bigInput(t *testing.T, n int) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(name, []byte(strings.Repeat(mustRead(t, testdata+"easy-sample.txt"), n)), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestResumeAfterKill: a run killed after some records (SIGTERM, which
// lets the puzzles under way end canceled, or SIGKILL, which can cut a
// record in two) and resumed with --resume FILE >> FILE leaves FILE with
// every record once, as one run writes them.
//
// Not flaky: the test reads 200 records and then signals; the command
// cannot be more than a pipe's and its buffers' worth (some hundred KB)
// ahead of that, and its 10,000 records are 1.8 MB.
func TestResumeAfterKill(t *testing.T) {
	in := bigInput(t, 1000)
	args := []string{"solve", "--engine", "native", "--workers", "2", "--format", "json", in}
	whole, stderr, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("one run: exit %d: %s", code, stderr)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "out.jsonl")
			cmd := exec.Command(binary, args...)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(stdout)
			var got bytes.Buffer
			for range 200 {
				line, err := r.ReadBytes('\n')
				got.Write(line)
				if err != nil {
					t.Fatalf("%v after %d bytes; stderr %q", err, got.Len(), stderr.String())
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			io.Copy(&got, r)
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); sig == syscall.SIGTERM && code != exitTerminated {
				t.Errorf("exit %d after SIGTERM, want %d; stderr %q", code, exitTerminated, stderr.String())
			}
			if n := strings.Count(got.String(), "\n"); n >= 10000 {
				t.Fatalf("the run ended before the signal: %d records", n)
			}
			if err := os.WriteFile(file, got.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("killed with %d bytes, %d records written", got.Len(), strings.Count(got.String(), "\n"))

			// The recipe: the same command with --resume FILE >> FILE.
			f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			resume := exec.Command(binary, append(slices.Clone(args), "--resume", file)...)
			resume.Stdout = f
			var rerr bytes.Buffer
			resume.Stderr = &rerr
			if err := resume.Run(); err != nil {
				t.Fatalf("resumed: %v: %s", err, rerr.String())
			}
			t.Logf("resumed: %s", rerr.String())
			if got, want := timings.ReplaceAllString(mustRead(t, file), ""), timings.ReplaceAllString(whole, ""); got != want {
				t.Errorf("killed and resumed, the file differs from one run's records: %s", firstDiff(got, want))
			}
		})
	}
}

// TestResumeSecondWriter: a second run resuming a shard's file while the
// first still writes it is refused, exit 2, and writes nothing: the file
// ends with every record once, as one run writes them.
//
// Not flaky: the first run writes into a pipe the test stops reading, so
// it is still under way, its lock held, while the second starts.
func TestResumeSecondWriter(t *testing.T) {
	in := bigInput(t, 1000)
	args := []string{"solve", "--engine", "native", "--workers", "2", "--format", "json", "--shard", "2/3", in}
	whole, stderr, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("one run: exit %d: %s", code, stderr)
	}
	file := filepath.Join(t.TempDir(), "out.jsonl")
	writeText(t, file, "")
	resume := append(slices.Clone(args), "--resume", file)
	first := exec.Command(binary, resume...)
	stdout, err := first.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var ferr bytes.Buffer
	first.Stderr = &ferr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stdout)
	var got bytes.Buffer
	if line, err := r.ReadBytes('\n'); err != nil {
		t.Fatalf("first run: %v; stderr %q", err, ferr.String())
	} else {
		got.Write(line)
	}

	// The recipe's line, the file appended to, started again beside it.
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	second := exec.Command(binary, resume...)
	second.Stdout = f
	var serr bytes.Buffer
	second.Stderr = &serr
	second.Run()
	if code := second.ProcessState.ExitCode(); code != 2 {
		t.Errorf("second run: exit %d, want 2; stderr %q", code, serr.String())
	}
	if want := "--resume " + file + ": another run is resuming it"; !strings.Contains(serr.String(), want) {
		t.Errorf("second run: stderr %q, want %q", serr.String(), want)
	}
	if n := len(mustRead(t, file)); n != 0 {
		t.Errorf("the second run wrote %d bytes", n)
	}

	io.Copy(&got, r)
	if err := first.Wait(); err != nil {
		t.Fatalf("first run: %v: %s", err, ferr.String())
	}
	if _, err := f.Write(got.Bytes()); err != nil {
		t.Fatal(err)
	}
	out := mustRead(t, file)
	seen := map[int]bool{}
	dup := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct{ Index int }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if seen[rec.Index] {
			dup++
		}
		seen[rec.Index] = true
	}
	if dup != 0 {
		t.Errorf("%d duplicate records", dup)
	}
	if got, want := timings.ReplaceAllString(out, ""), timings.ReplaceAllString(whole, ""); got != want {
		t.Errorf("the file differs from one run's records: %s", firstDiff(got, want))
	}

	// Once the first run is done, its lock is gone: the same line runs,
	// finds everything answered and writes nothing.
	again, stderr, code := runCLI(t, "", resume...)
	if code != 0 || again != "" {
		t.Errorf("after the first run: exit %d, %d bytes written; stderr %q", code, len(again), stderr)
	}
}

// TestResumeFromPipe: a --resume FILE that is a pipe is read to its end,
// not waited on forever, and its last line cut short is no answer.
func TestResumeFromPipe(t *testing.T) {
	in := testdata + "easy-sample.txt"
	whole, _, _ := runCLI(t, "", "solve", "--engine", "native", "--format", "json", in)
	lines := strings.SplitAfter(whole, "\n")
	file := strings.Join(lines[:4], "") + lines[4][:20]
	rest, stderr, code := runCLI(t, file, "solve", "--engine", "native", "--format", "json", "--resume", "/dev/stdin", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, want := byIndex(t, strings.Join(lines[:4], "")+rest), byIndex(t, whole); got != want {
		t.Errorf("the pipe's records and the rest differ from one run's: %s", firstDiff(got, want))
	}
	if !strings.Contains(stderr, "/dev/stdin:5: the last line was cut short (a run killed while writing): its puzzles") {
		t.Errorf("stderr %q: want the cut line named, not said cut off", stderr)
	}
}

// TestParallelOverSSH: GNU parallel spreads a batch over two "hosts", ssh
// logins to an sshd the test starts on a loopback port with keys made for
// it, in shards (--shard {}/4) and in blocks of standard input (--pipe
// --keep-order); merged in input order, the output is one run's.
func TestParallelOverSSH(t *testing.T) {
	ssh := startSSHD(t, needSSH(t))
	in := bigInput(t, 30)
	whole, stderr, code := runCLI(t, "", "solve", "--format", "json", in)
	if code != 0 {
		t.Fatalf("one run: exit %d: %s", code, stderr)
	}
	home := t.TempDir() // for parallel's ~/.parallel
	parallel := func(t *testing.T, stdin io.Reader, args ...string) (string, string) {
		t.Helper()
		joblog := filepath.Join(t.TempDir(), "joblog")
		cmd := exec.Command("parallel", append([]string{"--will-cite", "--ssh", ssh, "--sshlogin", "1/host1,1/host2", "--joblog", joblog}, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+home)
		cmd.Stdin = stdin
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("parallel %q: %v\n%s", args, err, errb.String())
		}
		return out.String(), mustRead(t, joblog)
	}
	// checkHosts fails unless both hosts ran jobs, all with exit 0.
	checkHosts := func(t *testing.T, joblog string) {
		t.Helper()
		hosts := map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(joblog), "\n")[1:] {
			f := strings.Split(l, "\t")
			if len(f) < 9 || f[6] != "0" {
				t.Errorf("a job failed: %q", l)
				continue
			}
			hosts[f[1]] = true
		}
		if !hosts["host1"] || !hosts["host2"] {
			t.Errorf("jobs ran on %v, want host1 and host2; joblog:\n%s", hosts, joblog)
		}
	}

	t.Run("shards", func(t *testing.T) {
		out, joblog := parallel(t, nil, binary, "solve", "--format", "json", "--shard", "{}/4", in, ":::", "1", "2", "3", "4")
		checkHosts(t, joblog)
		if got, want := byIndex(t, out), timings.ReplaceAllString(whole, ""); got != want {
			t.Errorf("the shards merged by index differ from one run's records: %s", firstDiff(got, want))
		}
	})
	t.Run("pipe", func(t *testing.T) {
		want, _, _ := runCLI(t, "", "solve", in)
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		out, joblog := parallel(t, f, "--pipe", "-N", "60", "--keep-order", binary, "solve")
		checkHosts(t, joblog)
		if out != want {
			t.Errorf("the blocks' output differs from one run's: %s", firstDiff(out, want))
		}
	})
}

// needSSH skips the test unless GNU parallel, ssh and sshd are installed,
// and returns sshd's path.
func needSSH(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"parallel", "ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed (Debian's parallel and openssh-client; .ci/run installs them)", p)
		}
	}
	sshd, err := exec.LookPath("sshd")
	if err != nil {
		sshd = "/usr/sbin/sshd" // not on a user's PATH
		if _, err := os.Stat(sshd); err != nil {
			t.Skip("sshd is not installed (Debian's openssh-server; .ci/run installs it)")
		}
	}
	return sshd
}

// TestParallelKilledClient: docs/clusters.md's recipe with --resume FILE
// >> FILE, its client killed while the remote shard runs. Killed with
// SIGKILL, parallel leaves its ssh, and the remote run goes on: the recipe
// started again is refused (exit 2). The ssh client killed, the remote run
// ends (parallel's remote wrapper sends it --termseq), its lock goes, and
// the recipe started again answers the rest: every record once.
//
// Not flaky: the remote run reads its puzzles from a named pipe that the
// test keeps open, so it cannot end by itself before the test lets it.
func TestParallelKilledClient(t *testing.T) {
	ssh := startSSHD(t, needSSH(t))
	dir := t.TempDir()
	in, file := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.jsonl")
	puzzles := mustRead(t, testdata+"top95-sample.txt")
	if err := syscall.Mkfifo(in, 0o644); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	// Opened for reading too, so as not to wait for the reader.
	fifo, err := os.OpenFile(in, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer fifo.Close()
	if _, err := fifo.WriteString(puzzles); err != nil {
		t.Fatal(err)
	}
	writeText(t, file, "")
	home := t.TempDir() // for parallel's ~/.parallel
	recipe := func() *exec.Cmd {
		cmd := exec.Command("parallel", "--will-cite", "--ssh", ssh, "--sshlogin", "1/host1",
			binary+" solve -f json -j 1 --shard {}/1 --resume "+file+" "+in+" >> "+file, ":::", "1")
		cmd.Env = append(os.Environ(), "HOME="+home)
		return cmd
	}

	client := recipe()
	var cerr bytes.Buffer
	client.Stderr = &cerr
	if err := client.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(mustRead(t, file), "\n") {
		if time.Now().After(deadline) {
			client.Process.Kill()
			client.Wait()
			t.Fatalf("no record from the remote run: %s", cerr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// parallel's children: its ssh, killed last.
	children, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", client.Process.Pid, client.Process.Pid))
	if err != nil {
		client.Process.Kill()
		client.Wait()
		t.Skipf("no /proc to find parallel's ssh: %v", err)
	}
	client.Process.Kill()
	client.Wait()

	// Without the lock it would wait on the named pipe: its deadline
	// makes that a failure, not a hang.
	again := recipe()
	var out bytes.Buffer
	again.Stdout, again.Stderr = &out, &out
	if err := again.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	go func() {
		<-ctx.Done()
		again.Process.Signal(syscall.SIGTERM)
	}()
	err = again.Wait()
	cancel()
	if code := again.ProcessState.ExitCode(); code != 1 || !strings.Contains(out.String(), "another run is resuming it") {
		t.Errorf("started again beside the remote run: exit %d (%v), want 1 (one job failed), and the lock named: %s", code, err, out.String())
	}

	for _, f := range strings.Fields(string(children)) {
		var pid int
		fmt.Sscan(f, &pid)
		if cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); bytes.HasPrefix(cmdline, []byte("ssh\x00")) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	for {
		lf, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		err = lockFile(lf)
		lf.Close()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the remote run still holds its lock after its ssh client was killed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// The same input, now a regular file, at the same place.
	fifo.Close()
	os.Remove(in)
	writeText(t, in, puzzles)
	if out, err := recipe().CombinedOutput(); err != nil {
		t.Fatalf("resumed: %v: %s", err, out)
	}
	got := mustRead(t, file)
	seen := map[int]int{}
	for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
		var rec struct{ Index int }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		seen[rec.Index]++
	}
	for i, n := range seen {
		if n > 1 {
			t.Errorf("puzzle %d: %d records", i, n)
		}
	}
	whole, _, _ := runCLI(t, "", "solve", "-f", "json", "-j", "1", "--shard", "1/1", in)
	if got, want := timings.ReplaceAllString(got, ""), timings.ReplaceAllString(whole, ""); got != want {
		t.Errorf("the file differs from one run's records: %s", firstDiff(got, want))
	}
}

// startSSHD starts sshd on a free loopback port, with a host key and a
// user key made for the test, and returns the ssh command line that logs
// in to it as host1 or host2.
func startSSHD(t *testing.T, sshd string) string {
	t.Helper()
	dir := t.TempDir()
	for _, k := range []string{"host", "user"} {
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "sudokusat-test", "-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v: %s", err, out)
		}
	}
	if err := os.Rename(filepath.Join(dir, "user.pub"), filepath.Join(dir, "authorized_keys")); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// sshd run by root wants its privilege separation directory,
		// which a container's fresh /run lacks (the service makes it).
		if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
			t.Skipf("sshd needs /run/sshd: %v", err)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	// StrictModes no: the keys are in a temporary directory. Only the
	// key is accepted, for any user, root included.
	config := filepath.Join(dir, "sshd_config")
	writeText(t, config, fmt.Sprintf(`ListenAddress 127.0.0.1:%d
HostKey %s
AuthorizedKeysFile %s
PidFile %s
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
`, port, filepath.Join(dir, "host"), filepath.Join(dir, "authorized_keys"), filepath.Join(dir, "sshd.pid")))
	log, err := os.Create(filepath.Join(dir, "sshd.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close() // sshd has its own
	cmd := exec.Command(sshd, "-D", "-e", "-f", config)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })

	sshConfig := filepath.Join(dir, "ssh_config")
	writeText(t, sshConfig, fmt.Sprintf(`Host host1 host2
  HostName 127.0.0.1
  Port %d
  IdentityFile %s
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile %s
  BatchMode yes
  LogLevel ERROR
`, port, filepath.Join(dir, "user"), filepath.Join(dir, "known_hosts")))
	ssh := "ssh -F " + sshConfig
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		out, err := exec.Command("ssh", "-F", sshConfig, "host1", "echo", "up").CombinedOutput()
		if err == nil && string(out) == "up\n" {
			return ssh
		}
		if time.Now().After(deadline) {
			t.Fatalf("no ssh login to the test's sshd: %v: %s\nsshd: %s", err, out, mustRead(t, log.Name()))
		}
	}
}
