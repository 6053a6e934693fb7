// compare.test.mjs: node --test bench/anchors/
//
// runSudokusat against a stand-in for sudokusat that answers as count does
// when one puzzle of the run is not counted: its records, then exit 1.
// compare.mjs used to stop there (execFileSync throws on exit 1) and lose
// every puzzle's record.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSudokusat } from './compare.mjs';

function standIn(records, code) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-test-'));
  const bin = path.join(dir, 'sudokusat');
  const lines = records.map((r) => JSON.stringify(r)).join('\n');
  fs.writeFileSync(bin, `#!/bin/sh\ncat <<'EOF'\n${lines}\nEOF\necho 'sudokusat: a summary' >&2\nexit ${code}\n`, { mode: 0o755 });
  return bin;
}

test('a puzzle not counted is recorded and the run goes on', () => {
  const bin = standIn([
    { index: 1, file: 'a.json', status: 'counted', count: 1, at_least: false, us: 1500 },
    { index: 2, file: 'b.json', status: 'timeout', count: 0, error: 'b.json:1: no answer within 1s', us: 1000000 },
    { index: 3, file: 'c.json', status: 'invalid', count: 0, error: 'c.json:1: f-puzzles: size' },
    { index: 4, file: 'd.json', status: 'counted', count: 2, at_least: true, us: 250 },
  ], 1);
  const res = runSudokusat(bin, 'search', ['a.json', 'b.json', 'c.json', 'd.json'], 2, 1);
  assert.deepEqual(res.map((r) => r.status), ['ok', 'timeout', 'unread', 'ok']);
  assert.deepEqual([res[0].count, res[3].count], ['1', '≥2']);
  assert.equal(res[0].ms, 1.5);
  assert.match(res[1].note, /no answer within 1s/);
});

test('a failure of the run itself is an error', () => {
  const bin = standIn([], 2);
  assert.throws(() => runSudokusat(bin, 'search', ['a.json'], 1, 1), /exit 2: sudokusat: a summary/);
});
