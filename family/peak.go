package family

// A peak is the open fraction at which a kind's instances of one size were
// hardest for CaDiCaL in the sweep of docs/families.md
// (docs/families-sweep.tsv; TestPeakOpen holds this table to it). At
// 16×16 and 25×25 no fraction took CaDiCaL as much as 0.4 s: the QWH peak
// there is the highest of flat medians, and a flat QCP curve's peak is
// where about half the instances are satisfiable.
type peak struct {
	size int
	open float64
}

// peaks returns the measured peaks of kind k, by growing size.
func peaks(k Kind) []peak {
	switch k {
	case QWH:
		return []peak{{16, 0.30}, {25, 0.54}, {36, 0.50}}
	case QCP:
		return []peak{{16, 0.66}, {25, 0.60}, {36, 0.65}}
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
