package explain

// ladder returns the techniques in the order they are tried, easiest
// first; the first that finds a step gives it. A classic puzzle climbs
// Sudoku Explainer's ladder; a puzzle with rules also tries what one rule
// forces alone, after the singles, and the smallest sets of constraints,
// among the classic techniques by their rating.
func (e *explainer) ladder() []technique {
	classic := len(e.b.p.Rules) == 0
	t := []technique{
		{HiddenSingle, 1.2, finder((*explainer).hiddenSingle)},
		{NakedSingle, 2.3, finder((*explainer).nakedSingle)},
	}
	if !classic {
		t = append(t, technique{RuleAlone, 2.4, (*explainer).ruleAlone})
	}
	t = append(t,
		technique{Pointing, 2.6, finder(func(e *explainer) *Step { return e.locked(true) })},
		technique{Claiming, 2.8, finder(func(e *explainer) *Step { return e.locked(false) })},
		technique{NakedPair, 3.0, finder(func(e *explainer) *Step { return e.nakedSubset(2) })},
	)
	if !classic {
		t = append(t, technique{Region, 3.0, e.constraintSet(2)})
	}
	t = append(t,
		technique{XWing, 3.2, finder(func(e *explainer) *Step { return e.fish(2) })},
		technique{HiddenPair, 3.4, finder(func(e *explainer) *Step { return e.hiddenSubset(2) })},
	)
	if !classic {
		t = append(t, technique{Region, 3.5, e.constraintSet(3)})
	}
	t = append(t,
		technique{NakedTriple, 3.6, finder(func(e *explainer) *Step { return e.nakedSubset(3) })},
		technique{Swordfish, 3.8, finder(func(e *explainer) *Step { return e.fish(3) })},
		technique{HiddenTriple, 4.0, finder(func(e *explainer) *Step { return e.hiddenSubset(3) })},
	)
	if !classic {
		t = append(t, technique{Region, 4.0, e.constraintSet(4)})
	}
	t = append(t,
		technique{XYWing, 4.2, finder(func(e *explainer) *Step { return e.xyWing(false) })},
		technique{XYZWing, 4.4, finder(func(e *explainer) *Step { return e.xyWing(true) })},
	)
	if !classic {
		t = append(t, technique{Region, 4.5, e.constraintSet(5)})
	}
	t = append(t,
		technique{NakedQuad, 5.0, finder(func(e *explainer) *Step { return e.nakedSubset(4) })},
		technique{Jellyfish, 5.2, finder(func(e *explainer) *Step { return e.fish(4) })},
		technique{HiddenQuad, 5.4, finder(func(e *explainer) *Step { return e.hiddenSubset(4) })},
	)
	if !classic {
		t = append(t, technique{Region, 5.0, e.constraintSet(8)})
	}
	if classic {
		// Sudoku Explainer's chains, in its order: the first that finds
		// anything gives the step, whatever its length adds.
		t = append(t,
			technique{ForcingChain, 6.5, (*explainer).staticChains},
			technique{NishioChain, 7.5, e.multipleChains(chainMode{dynamic: true, nishio: true})},
			technique{CellForcingChain, 8.0, e.multipleChains(chainMode{multiple: true})},
			technique{DynamicCellChain, 8.5, e.multipleChains(chainMode{multiple: true, dynamic: true})},
			technique{DynamicCellChain + "-plus", 9.0, e.multipleChains(chainMode{multiple: true, dynamic: true, level: 1})},
		)
	}
	t = append(t, technique{Contradiction, 6.6, (*explainer).contradiction})
	if classic {
		t = append(t, technique{Region, 7.0, e.constraintSet(8)})
	}
	return t
}
