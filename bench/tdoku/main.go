// Command tdoku writes the 9×9 puzzles of a data-set file, one a line,
// blanks as '.', in the order the native solver's Go benchmarks time them
// (datasets.Shuffle), so that run.sh gives tdoku's own harness, which
// times a file in its order when it is told not to permute it, the same
// puzzles in the same order. The order matters: 17-clue.txt is sorted,
// and tdoku runs 2–3 % faster on it in file order than shuffled.
//
//	go run ./bench/tdoku FILE > ORDERED
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/sudokusat/sudokusat/internal/datasets"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/tdoku FILE > ORDERED")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "tdoku:", err)
		os.Exit(1)
	}
}

// run reads the file as datasets.Load does (blank lines and '#' comments
// skipped, each other line one puzzle) and writes it shuffled.
func run(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	var set []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if len(line) != 81 {
			return fmt.Errorf("%s:%d: %d symbols, want a 9×9 puzzle of 81", name, n, len(line))
		}
		set = append(set, strings.ReplaceAll(line, "0", "."))
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if len(set) == 0 {
		return fmt.Errorf("%s: no puzzles", name)
	}
	datasets.Shuffle(set)
	w := bufio.NewWriter(os.Stdout)
	for _, p := range set {
		w.WriteString(p)
		w.WriteByte('\n')
	}
	return w.Flush()
}
