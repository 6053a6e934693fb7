package main

import "testing"

// TestSuggest checks which typos get a suggestion: a close one does, a
// name far from every other or as close to two does not.
func TestSuggest(t *testing.T) {
	names := []string{"engine", "e", "encoding", "format", "f", "timeout", "workers", "j", "quiet", "q", "limit", "k"}
	commands := []string{"solve", "count", "check", "encode", "decode", "help"}
	tests := []struct {
		typed string
		names []string
		want  string
	}{
		{"engin", names, "engine"},
		{"eng", names, "engine"}, // a unique prefix
		{"en", names, ""},        // engine or encoding
		{"encodign", names, "encoding"},
		{"wokers", names, "workers"},
		{"limt", names, "limit"},
		{"nonesuch", names, ""},
		{"x", names, ""}, // one letter: anything is one edit away
		{"fo", names, "format"},
		{"solv", commands, "solve"},
		{"sovle", commands, "solve"}, // a swap is one edit
		{"cout", commands, "count"},
		{"hlp", commands, "help"},
		{"ecode", commands, ""}, // encode or decode
		{"nonsense", commands, ""},
	}
	for _, tt := range tests {
		if got := suggest(tt.typed, tt.names); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}
