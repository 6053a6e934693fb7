package native_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/sudokusat/sudokusat"
	"github.com/sudokusat/sudokusat/native"
)

func TestZZProf(t *testing.T) {
	f := os.Getenv("ZZF")
	if f == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(f)
	g, err := sudokusat.Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	r, err := native.Count(context.Background(), g, 2)
	t.Log(time.Since(t0), r.Count, err, r.Guesses)
}
