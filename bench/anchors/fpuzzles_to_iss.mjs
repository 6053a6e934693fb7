// fpuzzles_to_iss: an f-puzzles document as the constraint text of
// sigh/Interactive-Sudoku-Solver (ISS). ISS reads no f-puzzles of its own: it
// reads its own text (".Type~arg~cell~cell..."), so the comparison needs this
// translation. It is ours, written from ISS's documented text format
// (js/sudoku_constraint.js), and covers the rules that have a direct ISS
// counterpart. Anything else is returned in `unsupported`, and the caller lists
// the puzzle as one ISS cannot read rather than solving a different puzzle.

// Keys that carry no rule (metadata, pictures, fog of war).
const NO_RULE = new Set([
  'size', 'grid', 'title', 'author', 'ruleset', 'solution', 'successMessage',
  'truecandidatesoptions', 'disabledlogic', 'line', 'circle', 'rectangle',
  'text', 'fogofwar', 'foglight', 'highlightConflicts', 'negative',
]);

const cellRC = (id) => {
  const m = /^R(\d+)C(\d+)$/i.exec(id);
  if (!m) throw new Error(`bad cell ${id}`);
  return [+m[1], +m[2]];
};
// ISS writes rows and columns in base 17 (R10 is "Ra").
const issCell = (r, c) => `R${r.toString(17)}C${c.toString(17)}`;
const conv = (id) => issCell(...cellRC(id));
const nonEmpty = (v) => v !== undefined && v !== null && v !== false &&
  !(Array.isArray(v) && v.length === 0) && v !== '';

// The box height and width f-puzzles gives a grid of side n.
const boxDims = (n) => {
  let h = 1;
  for (let e = 1; e * e <= n; e++) if (n % e === 0) h = e;
  return [h, n / h];
};

// ISS's little-killer diagonals, keyed as ISS keys them (its cellMap).
const littleKillerKeys = (n) => {
  const map = new Map();
  const seen = new Set();
  const add = (row, col, dr, dc) => {
    const cells = [];
    for (; row >= 0 && col >= 0 && row < n && col < n; row += dr, col += dc) {
      cells.push(issCell(row + 1, col + 1));
    }
    if (cells.length <= 1) return;
    const key = [...cells].sort().join(',');
    if (seen.has(key)) return;
    seen.add(key);
    map.set(key, cells[0]);
  };
  for (let row = 0; row < n - 1; row++) add(row, 0, 1, 1);
  for (let row = 1; row < n - 1; row++) add(row, n - 1, -1, -1);
  for (let col = 1; col < n; col++) add(0, col, 1, -1);
  for (let col = 1; col < n - 1; col++) add(n - 1, col, -1, 1);
  return map;
};

// An outside clue's line: ["C3", forward] for a clue above column 3, etc.
const outsideLine = (cell, n) => {
  const [r, c] = cellRC(cell);
  if (r === 0) return [`C${c}`, true];
  if (r === n + 1) return [`C${c}`, false];
  if (c === 0) return [`R${r}`, true];
  if (c === n + 1) return [`R${r}`, false];
  throw new Error(`clue cell ${cell} is not outside the grid`);
};

export function fpuzzlesToISS(doc) {
  const n = doc.size;
  const out = [];
  const unsupported = [];
  const handled = new Set();
  const use = (key) => { handled.add(key); return doc[key]; };
  const lines = (key) => (use(key) || []).flatMap((e) => e.lines || []);

  if (n !== 9) out.push(`.Shape~${n}x${n}`);

  // Givens, given pencil marks, parity: one Given per cell.
  const allowed = new Map();
  const restrict = (r, c, values) => {
    const k = issCell(r, c);
    const prev = allowed.get(k);
    allowed.set(k, prev ? prev.filter((v) => values.includes(v)) : values);
  };
  const all = Array.from({ length: n }, (_, i) => i + 1);
  let regionKeys = false;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = doc.grid[r][c];
      if (cell.given && cell.value) restrict(r + 1, c + 1, [cell.value]);
      else if (cell.givenPencilMarks?.length) restrict(r + 1, c + 1, cell.givenPencilMarks);
      if ('region' in cell) regionKeys = true;
    }
  }
  for (const e of use('odd') || []) restrict(...cellRC(e.cell), all.filter((v) => v % 2 === 1));
  for (const e of use('even') || []) restrict(...cellRC(e.cell), all.filter((v) => v % 2 === 0));

  // Regions: the boxes unless a cell says otherwise.
  if (regionKeys) {
    const [h, w] = boxDims(n);
    let differs = false;
    let layout = '';
    let noRegion = 0;
    const chars = '0123456789abcdefghijklmnopqrstuvwxyz';
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const cell = doc.grid[r][c];
        const def = Math.floor(r / h) * h + Math.floor(c / w);
        const reg = 'region' in cell ? cell.region : def;
        if (reg !== def) differs = true;
        if (reg === null || reg === undefined || reg < 0) {
          noRegion++;
          layout += '*';
        } else layout += chars[reg];
      }
    }
    if (differs) {
      if (noRegion === n) unsupported.push('region (cells in no region)');
      else out.push('.NoBoxes', `.Jigsaw~${layout}`);
    }
  }

  if (use('diagonal+')) out.push('.Diagonal~1');
  if (use('diagonal-')) out.push('.Diagonal~-1');
  if (use('antiknight')) out.push('.AntiKnight');
  if (use('antiking')) out.push('.AntiKing');
  if (use('disjointgroups')) out.push('.DisjointSets');
  if (use('nonconsecutive')) out.push('.AntiConsecutive');

  for (const l of lines('thermometer')) out.push('.Thermo~' + l.map(conv).join('~'));
  for (const l of lines('palindrome')) out.push('.Palindrome~' + l.map(conv).join('~'));
  for (const l of lines('renban')) out.push('.Renban~' + l.map(conv).join('~'));
  for (const l of lines('betweenline')) out.push('.Between~' + l.map(conv).join('~'));
  for (const l of lines('regionsumline')) out.push('.RegionSumLine~' + l.map(conv).join('~'));
  for (const l of lines('entropicline')) out.push('.Entropic~' + l.map(conv).join('~'));
  for (const l of lines('zipperline')) out.push('.Zipper~' + l.map(conv).join('~'));
  for (const l of lines('doublearrow')) out.push('.DoubleArrow~' + l.map(conv).join('~'));
  for (const l of lines('modularline')) out.push('.Modular~3~' + l.map(conv).join('~'));
  for (const l of lines('lockout')) out.push(`.Lockout~${Math.floor(n / 2)}~` + l.map(conv).join('~'));
  for (const e of use('whispers') || []) {
    const d = e.value ? parseInt(e.value, 10) : Math.ceil(n / 2);
    for (const l of e.lines) out.push(`.Whisper~${d}~` + l.map(conv).join('~'));
  }

  for (const e of use('arrow') || []) {
    const circle = e.cells.map(conv);
    const inCircle = new Set(circle);
    const shaft = [];
    for (const l of e.lines) for (const c of l.map(conv)) if (!inCircle.has(c) && !shaft.includes(c)) shaft.push(c);
    if (circle.length === 1) out.push(`.Arrow~${circle[0]}~${shaft.join('~')}`);
    else out.push(`.PillArrow~${circle.length}~${circle.join('~')}~${shaft.join('~')}`);
  }

  for (const key of ['killercage', 'cage']) {
    for (const e of use(key) || []) {
      const v = e.value === undefined || e.value === null ? '' : String(e.value).trim();
      // A cage without a label is a picture; "msg..." labels are messages.
      if (key === 'cage' && (v === '' || v.startsWith('msg'))) continue;
      if (v !== '' && !/^\d+$/.test(v)) { unsupported.push(`${key} "${v}"`); continue; }
      out.push(`.Cage~${v}~` + e.cells.map(conv).join('~'));
    }
  }
  for (const e of use('extraregion') || []) out.push('.AllDifferent~' + e.cells.map(conv).join('~'));

  const lk = littleKillerKeys(n);
  const dirs = { DR: [1, 1], DL: [1, -1], UR: [-1, 1], UL: [-1, -1] };
  for (const e of use('littlekillersum') || []) {
    if (e.value === undefined || e.value === '') continue;
    const [dr, dc] = dirs[e.direction] || [];
    let [r, c] = cellRC(e.cell);
    const cells = [];
    const rcs = [];
    for (r += dr, c += dc; r >= 1 && c >= 1 && r <= n && c <= n; r += dr, c += dc) { cells.push(issCell(r, c)); rcs.push([r, c]); }
    // A one-cell diagonal is that cell's value; ISS has no such clue.
    if (cells.length === 1) { restrict(...rcs[0], [+e.value]); continue; }
    const key = lk.get([...cells].sort().join(','));
    if (!key) { unsupported.push(`littlekillersum at ${e.cell}`); continue; }
    out.push(`.LittleKiller~${e.value}~${key}`);
  }
  for (const e of use('sandwichsum') || []) {
    if (e.value === undefined || e.value === '') continue;
    out.push(`.Sandwich~${e.value}~${outsideLine(e.cell, n)[0]}`);
  }
  for (const [key, type] of [['xsum', 'XSum'], ['skyscraper', 'Skyscraper']]) {
    for (const e of use(key) || []) {
      if (e.value === undefined || e.value === '') continue;
      const [id, fwd] = outsideLine(e.cell, n);
      out.push(fwd ? `.${type}~${id}~${e.value}~` : `.${type}~${id}~~${e.value}`);
    }
  }

  for (const e of use('difference') || []) {
    if (e.value && String(e.value) !== '1') { unsupported.push(`difference ${e.value}`); continue; }
    out.push('.WhiteDot~' + e.cells.map(conv).join('~'));
  }
  for (const e of use('ratio') || []) {
    if (e.value && String(e.value) !== '2') { unsupported.push(`ratio ${e.value}`); continue; }
    out.push('.BlackDot~' + e.cells.map(conv).join('~'));
  }
  for (const e of use('xv') || []) {
    const v = String(e.value || '').toUpperCase();
    if (v !== 'X' && v !== 'V') { unsupported.push(`xv "${e.value}"`); continue; }
    out.push(`.${v}~` + e.cells.map(conv).join('~'));
  }
  const neg = Array.isArray(doc.negative) ? doc.negative : [];
  const kropkiNeg = neg.filter((k) => k === 'ratio' || k === 'difference');
  if (kropkiNeg.length === 2) out.push('.StrictKropki');
  else if (kropkiNeg.length === 1) unsupported.push(`negative ${kropkiNeg[0]} alone`);
  if (neg.includes('xv')) out.push('.StrictXV');
  for (const k of neg) if (!['ratio', 'difference', 'xv'].includes(k)) unsupported.push(`negative ${k}`);

  for (const e of use('quadruple') || []) {
    const rcs = e.cells.map(cellRC);
    const r = Math.min(...rcs.map((x) => x[0]));
    const c = Math.min(...rcs.map((x) => x[1]));
    out.push(`.Quad~${issCell(r, c)}~` + e.values.join('~'));
  }
  for (const e of use('rowindexer') || []) out.push('.Indexing~R~' + e.cells.map(conv).join('~'));
  for (const e of use('columnindexer') || []) out.push('.Indexing~C~' + e.cells.map(conv).join('~'));

  if (allowed.size) {
    out.push('.~' + [...allowed].map(([k, vs]) => `${k}_${vs.length ? vs.join('_') : '0'}`).join('~'));
  }

  for (const [key, v] of Object.entries(doc)) {
    if (NO_RULE.has(key) || handled.has(key) || !nonEmpty(v)) continue;
    unsupported.push(key);
  }
  return { text: out.join(''), unsupported };
}
