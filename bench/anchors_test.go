package bench

import (
	"os/exec"
	"testing"
)

// TestAnchorsScript runs the Node tests of the anchors' comparison script
// (anchors/compare.test.mjs), so that `go test ./...` covers them where
// Node is installed, as .ci/run has it.
func TestAnchorsScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: anchors/compare.test.mjs is not run (.ci/run installs Node)")
	}
	out, err := exec.Command(node, "--test", "anchors/").CombinedOutput()
	if err != nil {
		t.Fatalf("node --test anchors/: %v\n%s", err, out)
	}
}
