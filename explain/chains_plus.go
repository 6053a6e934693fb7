package explain

// ruleUse is a rule a level-1 chain applied to its working grid: the
// houses it reads and the grid's facts it rests on.
type ruleUse struct {
	name  string
	refs  []Ref
	facts []Fact
}

// advanced applies the level-1 rules to the working grid of br.
func (ch *chainer) advanced(br *branch) []int32 { return nil }
