#!/bin/sh
# Builds drat-trim, the SAT competition's DRAT checker, from its source at
# a fixed commit, outside this repository, and checks the same proofs with
# it and with package drat: the project's test proofs, cadical's proofs of
# unsatisfiable Sudoku formulas (9×9, 16×16, 25×25, every encoding, text
# and binary DRAT) and mutants of each. It prints the agreement counts,
# every disagreement, and both checkers' times (see main.go). Nothing of
# drat-trim is kept here.
#
#   bench/drat-trim/run.sh [WORK]      (WORK defaults to $TMPDIR/sudokusat-drat-trim)
#
# Needs git, cc and cadical. DRAT_TRIM_SRC names a checkout of drat-trim to
# build instead of cloning it (a machine off GitHub). The corpus and
# results.csv (one line per pair: verdicts and times) are left in WORK.
set -eu
cd "$(dirname "$0")/../.."
work=${1:-${TMPDIR:-/tmp}/sudokusat-drat-trim}
commit=effa1dcce85c878236f8313133dff1a2b766cd7c
mkdir -p "$work"
work=$(cd "$work" && pwd)
if [ ! -x "$work/drat-trim" ]; then
	src=${DRAT_TRIM_SRC:-$work/src}
	if [ -z "${DRAT_TRIM_SRC:-}" ]; then
		rm -rf "$src"
		git clone -q https://github.com/marijnheule/drat-trim "$src"
		git -C "$src" checkout -q "$commit"
	fi
	${CC:-cc} -O2 -o "$work/drat-trim" "$src/drat-trim.c"
fi
rm -rf "$work/corpus"
go run ./bench/drat-trim -drat-trim "$work/drat-trim" -work "$work"
