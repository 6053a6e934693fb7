package datasets

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestMissingFolderSkips hides the data sets as CI does: Path and Load
// skip instead of failing.
func TestMissingFolderSkips(t *testing.T) {
	t.Setenv(EnvVar, filepath.Join(t.TempDir(), "absent"))
	if Available() {
		t.Fatal("Available with the folder missing")
	}
	for name, use := range map[string]func(t *testing.T){
		"Path": func(t *testing.T) { Path(t, "17-clue.txt") },
		"Load": func(t *testing.T) { Load(t, "17-clue.txt", strconv.Atoi) },
	} {
		var skipped bool
		t.Run(name, func(t *testing.T) {
			defer func() { skipped = t.Skipped() }()
			use(t)
			t.Error("did not skip")
		})
		if !skipped {
			t.Errorf("%s did not skip", name)
		}
	}
}

// TestLoad reads a folder named by the environment variable: comments and
// blank lines are left out, every other line is parsed.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvVar, dir)
	if err := os.WriteFile(filepath.Join(dir, "set.txt"), []byte("# comment\n12\n\n  34  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Dir(); got != dir {
		t.Errorf("Dir() = %q, want %q", got, dir)
	}
	got := Load(t, "set.txt", strconv.Atoi)
	if len(got) != 2 || got[0] != 12 || got[1] != 34 {
		t.Errorf("Load = %v, want [12 34]", got)
	}
	if p := Path(t, ""); p != dir {
		t.Errorf("Path(\"\") = %q, want %q", p, dir)
	}
}
