#!/bin/sh
# Times tdoku, the fastest published 9×9 solver (C++ with SIMD), beside the
# native solver's Go benchmarks, as tdoku's authors build and time it: its
# source at a fixed commit, outside this repository, built by its own CMake
# script (BUILD.sh) with clang as its README does, and timed by its own
# harness, run_benchmark -s tdoku, which counts each puzzle to 2. The
# harness gets the very puzzles the Go benchmark times, in the Go
# benchmark's order (main.go), unpermuted (-r0: by default it times random
# isomorphs of them). Set by set, tdoku, then native's Go benchmark, then
# sudokusat bench --engines native (the same solver through the engine, as
# a user times it), on one core, ROUNDS times; the end is a table of every
# round's µs a puzzle and the ranges of native / tdoku and bench / native.
# Nothing of tdoku is kept here.
#
#   bench/tdoku/run.sh [DATA [ROUNDS [FILE ...]]]     (DATA defaults to ../shared/data)
#
# Each FILE, a file of 9×9 puzzles with one solution each kept outside the
# data sets (the forum's lists of the hardest, say), is timed the same way
# after the shared sets in each round (BenchmarkNativeSet).
#
# Needs go and taskset; to build tdoku once (kept in $TMPDIR), git, cmake,
# make, clang and clang++ (Debian: apt-get install -y clang cmake). TDOKU_SRC
# names a checkout of tdoku at that commit to build instead of cloning it (a
# machine off GitHub). CPU (default 1) is the core.
set -eu
cd "$(dirname "$0")/../.."
data=${1:-../shared/data}
rounds=${2:-3}
shift $(($# < 2 ? $# : 2))
cpu=${CPU:-1}
commit=af426180dc53aef89b82868e7b3fdfcf42165654
work=${TMPDIR:-/tmp}/sudokusat-tdoku-af42618-clang
rb=$work/src/build/run_benchmark

need() {
	missing=
	for tool in "$@"; do
		command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
	done
	if [ -n "$missing" ]; then
		echo "run.sh: missing$missing (Debian: apt-get install -y clang cmake)" >&2
		exit 1
	fi
}
need go taskset
if [ ! -x "$rb" ]; then
	need git cmake make clang clang++
	rm -rf "$work" && mkdir -p "$work"
	if [ -n "${TDOKU_SRC:-}" ]; then
		cp -R "$TDOKU_SRC/." "$work/src"
		rm -rf "$work/src/build"
	else
		git clone -q https://github.com/t-dillon/tdoku "$work/src"
		git -C "$work/src" checkout -q "$commit"
	fi
	(cd "$work/src" && CC=clang CXX=clang++ ./BUILD.sh run_benchmark) >"$work/build.log" 2>&1 ||
		{ tail -20 "$work/build.log" >&2; echo "run.sh: building tdoku failed (log: $work/build.log)" >&2; exit 1; }
fi
go test -c -o "$work/native.test" ./native
go build -o "$work/sudokusat" ./cmd/sudokusat
data=$(cd "$data" && pwd)
rm -rf "$work/sets" && mkdir -p "$work/sets"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), core $cpu, $(uptime | sed 's/.*load/load/')"
lscpu | sed -n 's/^Model name: *//p; s/^CPU family: */family /p; s/^Model: */model /p' | tr '\n' ' '
echo
lscpu | sed -n 's/^Flags: *//p' | tr ' ' '\n' | grep -E '^(avx2|avx512f|avx512bw|avx512vl|avx512_bitalg|avx512_vbmi2)$' | tr '\n' ' '
echo
"$rb" -h | sed -n 's/^build info: /tdoku: /p'
go version

# time_set NAME FILE BENCH ENV...: the line "NAME tdoku-µs native-µs
# bench-µs" on standard output and in $results, FILE timed by tdoku's
# harness, by the Go benchmark BENCH with the variables ENV and by bench.
time_set() {
	name=$1 path=$2 gobench=$3 ordered=$work/sets/$1
	[ -s "$ordered" ] || go run ./bench/tdoku "$path" >"$ordered"
	shift 3
	tdoku=$(taskset -c "$cpu" "$rb" -s tdoku -r0 -n "$(wc -l <"$ordered")" -w 1 -t 3 -c1 "$ordered" |
		awk -F, '$5 == "tdoku" { print $7 }')
	native=$(cd native && env "$@" taskset -c "$cpu" "$work/native.test" -test.run '^$' -test.bench "$gobench" -test.benchtime 3s |
		awk '/^Benchmark/ { for (i = 2; i < NF; i++) if ($(i+1) == "µs/puzzle") print $i }')
	cli=$(taskset -c "$cpu" "$work/sudokusat" bench --engines native "$path" | awk -F' *[|] *' 'END { print $6 }')
	if [ -z "$tdoku" ] || [ -z "$native" ] || [ -z "$cli" ]; then
		echo "run.sh: $name: no time from tdoku ($tdoku), the Go benchmark ($native) or bench ($cli)" >&2
		exit 1
	fi
	printf '%s %.2f %.2f %s\n' "$name" "$tdoku" "$native" "$cli" | tee -a "$results"
}

results=$work/results.txt
: >"$results"
for round in $(seq "$rounds"); do
	for pair in 17-clue:Native17Clue magictour-top1465:NativeMagictour norvig-top95-hardest:NativeTop95 serg-benchmark:NativeSerg; do
		file=${pair%%:*} bench=${pair##*:}
		time_set "$file" "$data/$file.txt" "^Benchmark$bench\$" SUDOKUSAT_DATA="$data"
	done
	for file in "$@"; do
		file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
		time_set "$(basename "$file")" "$file" '^BenchmarkNativeSet$' \
			SUDOKUSAT_DATA="$(dirname "$file")" SUDOKUSAT_BENCH_SET="$(basename "$file")"
	done
done

# The table: each set's figures in round order, and the ranges over the
# rounds of native / tdoku and bench / native.
awk '
	function pair(lo, hi) {
		lo = sprintf("%.2f", lo); hi = sprintf("%.2f", hi)
		return lo == hi ? lo : lo "–" hi
	}
	!($1 in t) { order[++n] = $1 }
	{
		t[$1] = t[$1] sep[$1] $2; v[$1] = v[$1] sep[$1] $3; b[$1] = b[$1] sep[$1] $4; sep[$1] = ", "
		r = $3 / $2; q = $4 / $3
		if (!($1 in lo) || r < lo[$1]) lo[$1] = r
		if (!($1 in hi) || r > hi[$1]) hi[$1] = r
		if (!($1 in blo) || q < blo[$1]) blo[$1] = q
		if (!($1 in bhi) || q > bhi[$1]) bhi[$1] = q
	}
	END {
		print "| set | tdoku µs | native µs (go test -bench) | sudokusat bench µs | native / tdoku | bench / native |"
		print "|---|---:|---:|---:|---:|---:|"
		for (i = 1; i <= n; i++) {
			s = order[i]
			printf "| %s | %s | %s | %s | %s | %s |\n", s, t[s], v[s], b[s], pair(lo[s], hi[s]), pair(blo[s], bhi[s])
		}
	}' "$results"
