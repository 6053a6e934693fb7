// Package drat checks DRAT proofs of unsatisfiability, as written by SAT
// solvers such as CaDiCaL, against the CNF formula they refute. It shares
// no code with the encoder or with any solver: it has its own DIMACS reader
// and its own unit propagation, so that a solver's "UNSATISFIABLE" can be
// trusted without trusting the solver or the encoding code.
//
// A DRAT proof is a sequence of steps, each adding a clause (a lemma) to the
// formula or deleting one from it; it refutes the formula when it adds the
// empty clause. A lemma C is RUP (reverse unit propagation) when assigning
// false to every literal of C and unit-propagating over the current clauses
// reaches a conflict: C then follows from the clauses by resolution. A lemma
// that is not RUP may still be RAT (resolution asymmetric tautology) on its
// first literal l: for every current clause D that contains ¬l, the
// resolvent C ∪ (D \ {¬l}) is RUP. Adding a RAT clause keeps a satisfiable
// formula satisfiable (though not equivalent), which lets a proof introduce
// fresh variables, as in extended resolution; so a formula with a checked
// proof of the empty clause is unsatisfiable.
//
// The checker processes steps forward, with two watched literals per clause
// (each watch keeping a literal of its clause, which when true lets
// propagation pass the clause by unread; a binary clause is propagated from
// its watches alone), a top level of assignments implied by unit clauses (kept across lemmas),
// and one temporary level per lemma check. Deletions are matched as sets of
// literals and remove one copy of the clause; like drat-trim, the checker
// ignores (and counts) deletions of unit clauses, of clauses that are the
// reason of a top-level assignment, and of clauses that are not present.
// A RAT check visits only the clauses that hold the pivot's negation,
// through occurrence lists built at the first RAT check.
//
// Check reads a formula and a proof from files; a Checker takes them clause
// by clause, for a caller that builds or translates them, and ReadProof
// reads a proof's steps for such a caller.
//
// Proofs are read as text or binary DRAT (CaDiCaL, kissat), as PicoSAT's
// RUP (text DRAT with no deletions under a "%RUPD32" header line, which is
// skipped) and as text FRAT (CryptoMiniSat 5.11, which writes no DRAT):
// FRAT's additions are read as lemmas and its deletions as deletions, its
// clause IDs, hints, original ("o") and final ("f") lines skipped, so that
// it is checked as the DRAT proof it contains, against the formula given.
// FormatAuto tells the forms apart by the proof's first bytes.
//
// LRAT: CheckLRAT checks an LRAT proof (text or binary, as CaDiCaL's
// --lrat writes it) by its hints alone, with no propagation of its own;
// ToLRAT checks a DRAT proof as Check does and writes the same refutation
// as LRAT, each lemma with the clauses its unit propagation used (top
// level included), in the order lrat-check and cake_lpr replay them.
//
// Keeping a clause is sound: every clause kept was checked when it was
// added, so the clause set stays satisfiable whenever the formula is; an
// extra clause can make a RAT check fail but never makes a wrong proof pass.
package drat
