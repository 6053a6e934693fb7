//go:build unix

package satsolve

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRemoveStaleRuns: the run directories no process holds go, with
// what they hold; one in use stays, and neither a symbolic link named
// like a run directory nor what it points to is touched.
func TestRemoveStaleRuns(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	elsewhere := t.TempDir()
	if err := os.WriteFile(filepath.Join(elsewhere, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	live, err := newRunDir()
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(tmp, runDirPrefix+"123") // as a killed process left it
	for _, dir := range []string{stale, filepath.Join(stale, "sub")} {
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "puzzle.cnf"), []byte("p cnf 1 1\n1 0\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(elsewhere, filepath.Join(tmp, runDirPrefix+"link")); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(tmp, "other")
	if err := os.Mkdir(other, 0o700); err != nil {
		t.Fatal(err)
	}

	RemoveStaleRuns()
	var names []string
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"other", filepath.Base(live.path), runDirPrefix + "link"}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("left %q, want %q", names, want)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "keep")); err != nil {
		t.Errorf("the link's target was touched: %v", err)
	}
	if err := live.remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live.path); !os.IsNotExist(err) {
		t.Errorf("remove left %s: %v", live.path, err)
	}
}
