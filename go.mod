module sudokusat

go 1.24

require github.com/crillab/gophersat v1.4.0 // indirect
