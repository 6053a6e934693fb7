module sudokusat

go 1.24
