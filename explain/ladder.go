package explain

// ladder returns the techniques in the order they are tried, easiest
// first; the first that finds a step gives it. A classic puzzle climbs
// Sudoku Explainer's ladder, in SE's order (which is not quite the order
// of the ratings: a chain of strong links at 4.3 comes before the
// XY-wing at 4.2, a loop of ten cells at 5.0 before the jellyfish); the
// uniqueness rungs find nothing unless the puzzle is known to have one
// solution. A puzzle with rules also tries what one rule forces alone,
// after the singles, and the smallest sets of constraints, among the
// classic techniques by their rating.
func (e *explainer) ladder() []technique {
	classic := len(e.b.p.Rules) == 0
	t := []technique{
		{HiddenSingle, 1.0, finder((*explainer).hiddenSingle)},
		{DirectPointing, 1.7, finder((*explainer).directLocked)},
		{DirectHiddenPair, 2.0, finder(func(e *explainer) *Step { return e.directHidden(2) })},
		{NakedSingle, 2.3, finder((*explainer).nakedSingle)},
	}
	if !classic {
		t = append(t, technique{RuleAlone, 2.4, (*explainer).ruleAlone})
	}
	t = append(t,
		technique{DirectHiddenTriple, 2.5, finder(func(e *explainer) *Step { return e.directHidden(3) })},
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
		technique{Skyscraper, 4.0, minimal(finder(func(e *explainer) *Step { return e.strongLinkChain(2) }))},
		technique{XYWing, 4.2, finder(func(e *explainer) *Step { return e.xyWing(false) })},
		technique{XYZWing, 4.4, finder(func(e *explainer) *Step { return e.xyWing(true) })},
		technique{UniqueRectangle, 4.5, minimal(finder((*explainer).uniqueLoops))},
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
	t = append(t,
		technique{ThreeSkyscrapers, 5.4, minimal(finder(func(e *explainer) *Step { return e.strongLinkChain(3) }))},
		technique{WXYZWing, 5.5, minimal(finder(func(e *explainer) *Step { return e.alsWing(3) }))},
		technique{BUG, 5.6, minimal(finder((*explainer).bug))},
		technique{VWXYZWing, 6.2, minimal(finder(func(e *explainer) *Step { return e.alsWing(4) }))},
		technique{AlignedPairExclusion, 6.2, minimal(finder(func(e *explainer) *Step { return e.alignedExclusion(2) }))},
	)
	if classic {
		// Sudoku Explainer's chains, in its order: the first that finds
		// anything gives the step, whatever its length adds. The aligned
		// triple exclusion (7.5) comes between its static chains and
		// Nishio, as SE has it.
		t = append(t,
			technique{ForcingChain, 6.5, (*explainer).staticChains},
			technique{AlignedTripleExclusion, 7.5, minimal(finder(func(e *explainer) *Step { return e.alignedExclusion(3) }))},
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
	// The last rungs before a guess, for every puzzle: forcing chains
	// over every constraint, then contradictions with contradictions
	// inside.
	t = append(t,
		technique{CellForcing, 8.0, (*explainer).forcing},
		technique{Nested, 9.0, (*explainer).nested},
	)
	return t
}
