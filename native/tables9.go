package native

import "math/bits"

// The 9×9 solver keeps, for each digit and each band of three rows, a 27-bit
// mask of the cells of the band where the digit may still go: bit 9r+c is row
// r of the band (0-2), column c (0-8). A "minirow" is the three cells of one
// row inside one box.
//
// The tables below are built from their definitions when the package is
// initialised, by the functions beside them, and only read afterwards, so
// solvers in parallel goroutines share them safely.

const (
	all27 = 0o777777777 // every cell of a band
	low9  = 0o777       // one row of a band
)

// loneAt[r] maps row r of a band (9 bits) to its cells shifted to their
// place in the band (bits 9r-9r+8) when it has exactly one cell (the digit
// is placed there), and to 0 otherwise: the band update saves a shift per
// row.
var loneAt = loneTable()

// bandPerm maps a 9-bit minirow occupancy (bit 3k+r: row r has cells in box
// k, as minirowsOf gives it) to the cells of the minirows that some
// arrangement can still use. A digit takes exactly one minirow in each row
// and each box of a band, so the minirows it uses form a permutation of the
// 3×3 matrix; minirows outside every permutation that fits are dead. This
// one lookup does pointing and claiming (locked candidates) inside the
// band, and gives 0 when no permutation fits: a contradiction. Bit 31,
// keepsAll, is set when every occupied minirow is live.
//
// permLive is bandPerm before expansion to cells, row-major: for an
// occupancy m with bit 3r+k, the 9-bit set of minirows (bit 3r+k) some
// fitting permutation uses. The same holds for a
// stack of three boxes read as band × column-in-box: a digit takes one
// column in each band and one band in each column of a stack.
var bandPerm, permLive = permTables()

// keepsAll, bit 31 of a bandPerm entry, says that every occupied minirow
// is live: the band step takes nothing. Band masks have 27 bits, so
// masking with an entry clears it.
const keepsAll = 1 << 31

// givenKill and givenUnitBits serve the start. For a minirow occupancy m
// (bit 3k+r: row r has a given in box k, as minirowsOf gives it),
// givenKill holds the cells of the rows and boxes used, givenUnitBits
// those rows (bits 0-2) and boxes (bits 3-5).
var givenKill, givenUnitBits = givenTables()

// stackKeep[s] is permLive for stack s, laid out for the columns: for a
// band×column-in-box occupancy m of stack s (bit 3b+k: band b has cells in
// column 3s+k), it holds at bit 9b+3s+k whether some fitting permutation
// uses that band and column. OR-ing the three stacks' entries gives, in one
// word, the columns each band keeps.
var stackKeep = stackTable(&permLive)

// peerKeep maps a cell of a band (0-26) to the cells of the band that stay
// possible for a digit placed there: all but the cell's row and box, plus
// the cell itself. Its length is a power of two so that indexing it with a
// bit position needs no bounds check.
var peerKeep = peerTable()

// minirowCells maps a set of minirows of a band (bit 3k+r for row r, box k,
// as minirowsOf gives it) to their cells.
var minirowCells = minirowCellsTable()

// permCount maps a 3×3 occupancy (bit 3i+j; a band's minirows as
// minirowsOf gives them, or a stack's minicolumns, bit 3b+k) to the number
// of permutations that fit in it: the arrangements a digit has left there.
// permPair holds the first two that fit, as occupancies.
var permCount, permPair = permCountTables()

// byteBits maps 8 bits to 8 bytes: byte i is bit i of the index.
var byteBits = byteBitsTable()

func loneTable() (loneAt [3][512]uint32) {
	for r := range 3 {
		for v := range 512 {
			if bits.OnesCount(uint(v)) == 1 {
				loneAt[r][v] = uint32(v) << (9 * r)
			}
		}
	}
	return loneAt
}

func givenTables() (kill [512]uint32, units [512]uint8) {
	for m := range 512 {
		var rows, boxes uint8
		for r := range 3 {
			for k := range 3 {
				if m>>(3*k+r)&1 != 0 {
					rows |= 1 << r
					boxes |= 1 << k
					kill[m] |= low9<<(9*r) | 0o007007007<<(3*k)
				}
			}
		}
		units[m] = rows | boxes<<3
	}
	return kill, units
}

func permTables() (bandPerm, permLive [512]uint32) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for m := range 512 {
		var live uint32 // as minirow bits
		for _, p := range perms {
			fits := true
			for r, k := range p {
				if m>>(3*r+k)&1 == 0 {
					fits = false
				}
			}
			if fits {
				for r, k := range p {
					live |= 1 << (3*r + k)
				}
			}
		}
		permLive[m] = live
		var boxMajor int // m with bit 3r+k moved to 3k+r
		for j := range 9 {
			boxMajor |= m >> j & 1 << (3*(j%3) + j/3)
		}
		for j := range 9 {
			if live>>j&1 != 0 {
				bandPerm[boxMajor] |= 0o7 << (9*(j/3) + 3*(j%3))
			}
		}
		if live == uint32(m) {
			bandPerm[boxMajor] |= keepsAll
		}
	}
	return bandPerm, permLive
}

func stackTable(permLive *[512]uint32) (t [3][512]uint32) {
	for st := range 3 {
		for m := range 512 {
			live := permLive[m]
			for b := range 3 {
				t[st][m] |= (live >> (3 * b) & 7) << (9*b + 3*st)
			}
		}
	}
	return t
}

func byteBitsTable() (t [256]uint64) {
	for m := range 256 {
		for i := range 8 {
			t[m] |= uint64(m>>i&1) << (8 * i)
		}
	}
	return t
}

func peerTable() (peerKeep [32]uint32) {
	for p := range 27 {
		r, c := p/9, p%9
		var peers uint32 = low9 << (9 * r)
		for rr := range 3 {
			peers |= 0o7 << (9*rr + c/3*3)
		}
		peerKeep[p] = all27&^peers | 1<<p
	}
	return peerKeep
}

func minirowCellsTable() (t [512]uint32) {
	for m := range 512 {
		for j := range 9 {
			if m>>j&1 != 0 {
				t[m] |= 0o7 << (9*(j%3) + 3*(j/3))
			}
		}
	}
	return t
}

func permCountTables() (n [512]uint8, pair [512][2]uint16) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for m := range 512 {
		for _, p := range perms {
			pm := 0
			for i, j := range p {
				pm |= 1 << (3*i + j)
			}
			if m&pm == pm {
				if n[m] < 2 {
					pair[m][n[m]] = uint16(pm)
				}
				n[m]++
			}
		}
	}
	return n, pair
}
