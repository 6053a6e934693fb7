#!/bin/sh
# Builds tdoku, the fastest published 9×9 solver (C++ with SIMD), from its
# source at a fixed commit, outside this repository, and times it beside
# the native solver's Go benchmarks on the shared data sets, one core, set
# by set, in turns. Nothing of tdoku is kept here: driver.cc is ours, a
# loop that counts each puzzle to 2 with tdoku's entry point.
#
#   bench/tdoku/run.sh [DATA [ROUNDS [FILE ...]]]     (DATA defaults to ../shared/data)
#
# Each FILE, a file of 9×9 puzzles with one solution each kept outside the
# data sets (the forum's lists of the hardest, say), is timed the same way
# after the shared sets in each round (BenchmarkNativeSet).
#
# Needs git, g++ (or clang++: CXX=clang++) and taskset. TDOKU_SRC names a
# checkout of tdoku to build instead of cloning it (a machine off GitHub).
set -eu
cd "$(dirname "$0")/../.."
data=${1:-../shared/data}
rounds=${2:-2}
shift $(($# < 2 ? $# : 2))
commit=af426180dc53aef89b82868e7b3fdfcf42165654
work=${TMPDIR:-/tmp}/sudokusat-tdoku
if [ ! -x "$work/tdoku" ]; then
	rm -rf "$work" && mkdir -p "$work"
	src=${TDOKU_SRC:-$work/src}
	if [ -z "${TDOKU_SRC:-}" ]; then
		git clone -q https://github.com/t-dillon/tdoku "$src"
		git -C "$src" checkout -q "$commit"
	fi
	${CXX:-g++} -O3 -march=native -std=c++17 -DNDEBUG -o "$work/tdoku" \
		"$src/src/solver_dpll_triad_simd.cc" "$src/src/util.cc" bench/tdoku/driver.cc
fi
go test -c -o "$work/native.test" ./native
data=$(cd "$data" && pwd)
for round in $(seq "$rounds"); do
	for set in 17-clue:Native17Clue magictour-top1465:NativeMagictour norvig-top95-hardest:NativeTop95 serg-benchmark:NativeSerg; do
		file=${set%%:*} bench=${set##*:}
		taskset -c 1 "$work/tdoku" "$data/$file.txt" 3
		(cd native && SUDOKUSAT_DATA="$data" taskset -c 1 "$work/native.test" -test.run '^$' \
			-test.bench "^Benchmark$bench\$" -test.benchtime 3s -test.benchmem | grep '^Benchmark')
	done
	for file in "$@"; do
		file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
		taskset -c 1 "$work/tdoku" "$file" 3
		(cd native && SUDOKUSAT_DATA=$(dirname "$file") SUDOKUSAT_BENCH_SET=$(basename "$file") taskset -c 1 "$work/native.test" \
			-test.run '^$' -test.bench '^BenchmarkNativeSet$' -test.benchtime 3s -test.benchmem | grep '^Benchmark')
	done
done
