package satsolve

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokusat/sudokusat/drat"
)

// TestProgramsProofs holds the table of solvers to what they write: each
// row with proof arguments names "{proof}" in them once, and each
// installed solver with them, run as the row says on the pigeonhole
// formula PHP(4,3), writes a proof that drat accepts. A row without them
// says why.
func TestProgramsProofs(t *testing.T) {
	cnf := filepath.Join("..", "drat", "testdata", "php43.cnf")
	for _, p := range Programs() {
		t.Run(p.Name, func(t *testing.T) {
			if p.ProofArgs == nil {
				if !strings.HasPrefix(p.Proof, "none") {
					t.Errorf("no proof arguments, but Proof %q", p.Proof)
				}
				return
			}
			if n := strings.Count(strings.Join(p.ProofArgs, " "), "{proof}"); n != 1 || p.Proof == "" || strings.HasPrefix(p.Proof, "none") {
				t.Fatalf("ProofArgs %q name {proof} %d times; Proof %q", p.ProofArgs, n, p.Proof)
			}
			if _, err := exec.LookPath(p.Argv[0]); err != nil {
				t.Skipf("%s is not installed; .ci/run installs the solvers Debian packages (kissat is not among them)", p.Argv[0])
			}
			proof := filepath.Join(t.TempDir(), "proof")
			var args []string
			for _, a := range append(p.Argv[1:len(p.Argv):len(p.Argv)], p.ProofArgs...) {
				args = append(args, strings.NewReplacer("{cnf}", cnf, "{proof}", proof, "{out}", os.DevNull).Replace(a))
			}
			out, err := exec.Command(p.Argv[0], args...).CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 20 {
				t.Fatalf("%s %q: %v, want exit status 20 (UNSAT)\n%s", p.Argv[0], args, err, out)
			}
			f, err := os.Open(cnf)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			written, err := os.ReadFile(proof)
			if err != nil {
				t.Fatal(err)
			}
			res, err := drat.Check(context.Background(), f, bytes.NewReader(written))
			if err != nil || res.Lemmas == 0 {
				t.Errorf("%s's proof: %+v, %v", p.Name, res, err)
			}
		})
	}
}
