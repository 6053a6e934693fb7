package family

// A peak is the default of the QWH or QCP kind at one measured size: the
// encoding its instances are written in and the open fraction at which
// instances of that size and encoding were hardest for CaDiCaL in the
// sweep of docs/families.md (docs/families-sweep.tsv; TestPeakOpen holds
// this table to it). The encoding is the strongest whose peak took
// CaDiCaL a median of at least a second for both kinds, extended where
// none did: 16×16, where every fraction took 0.03 s or less. At 25×25
// extended peaked at 0.38 s and efficient, without the at-least-one
// clauses of each unit and digit, at 1.1 s for both kinds.
type peak struct {
	size     int
	encoding string
	open     float64
}

// peaks returns the measured peaks of kind k, by growing size.
func peaks(k Kind) []peak {
	switch k {
	case QWH:
		return []peak{{16, "extended", 0.30}, {25, "efficient", 0.54}, {36, "extended", 0.50}}
	case QCP:
		return []peak{{16, "extended", 0.66}, {25, "efficient", 0.68}, {36, "extended", 0.65}}
	}
	return nil
}

// PeakOpen returns the fraction of cells kind k (QWH or QCP) leaves open
// by default on an n×n grid: the measured hardness peak of that size, the
// nearest measured size's below the smallest and above the largest, and
// between two measured sizes the fraction interpolated linearly in n.
func PeakOpen(k Kind, n int) float64 {
	ps := peaks(k)
	if len(ps) == 0 {
		return 0
	}
	if n <= ps[0].size {
		return ps[0].open
	}
	for i := 1; i < len(ps); i++ {
		if n <= ps[i].size {
			a, b := ps[i-1], ps[i]
			return a.open + (b.open-a.open)*float64(n-a.size)/float64(b.size-a.size)
		}
	}
	return ps[len(ps)-1].open
}

// PeakEncoding returns the encoding kind k is written in by default on an
// n×n grid: that of the nearest measured size, the smaller on a tie (an
// encoding cannot be interpolated). Kinds without peaks, the 9×9 ones and
// variants, have DefaultEncoding.
func PeakEncoding(k Kind, n int) string {
	ps := peaks(k)
	if len(ps) == 0 {
		return DefaultEncoding
	}
	best := ps[0]
	for _, p := range ps[1:] {
		if abs(p.size-n) < abs(best.size-n) {
			best = p
		}
	}
	return best.encoding
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
