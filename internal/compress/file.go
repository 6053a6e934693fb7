package compress

import (
	"io"
	"os"
)

// WriteFile writes to f, open on path, with write: compressed as gzip or
// xz when path ends .gz or .xz (ByName). A file not written whole is
// removed (see removePartial), rather than left cut short for a solver or
// a reader to take.
func WriteFile(f *os.File, path string, write func(io.Writer) error) error {
	zw, err := NewWriter(f, ByName(path))
	if err == nil {
		err = write(zw)
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		removePartial(f, path)
	}
	return err
}

// Create creates the file at path and writes it with write, as WriteFile
// does.
func Create(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = WriteFile(f, path, write)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// removePartial removes the file at path that f, open on it, could not be
// written to whole: a regular file only, and only while path names it
// itself, never a device (-o /dev/full) or what a symbolic link points to.
func removePartial(f *os.File, path string) {
	fi, err1 := f.Stat()
	li, err2 := os.Lstat(path)
	if err1 == nil && err2 == nil && fi.Mode().IsRegular() && os.SameFile(fi, li) {
		os.Remove(path)
	}
}
