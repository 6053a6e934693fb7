// The page's controls. Every answer, and every message about bad input,
// comes from sudokusat's Go packages: in a worker running their
// WebAssembly build (worker.js), or on the server ("sudokusat serve"
// answers POST api/OP), as the server says in index.html. This file only
// moves text between the page and them and shows the replies.

const $ = (id) => document.getElementById(id);

// WasmSolver runs the Go operations in a worker, one at a time. Go compiled
// to WebAssembly cannot be interrupted, so an operation that runs past its
// time limit, or that is stopped, ends the worker and a fresh one starts.
class WasmSolver {
  constructor(onBusy) {
    this.onBusy = onBusy;
    this.queue = Promise.resolve();
    this.current = null;
    this.start();
  }

  start() {
    this.worker = new Worker('worker.js');
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (e) => {
        const m = e.data;
        if (m.ready) {
          this.where = 'Your puzzles are solved in this tab: nothing is sent to the server.';
          this.build = `Running in this tab: WebAssembly built with ${m.goVersion}.`;
          resolve();
        } else if (m.failed) {
          reject(new Error(m.failed));
        } else {
          this.finish(JSON.parse(m.reply));
        }
      };
      this.worker.onerror = (e) => {
        e.preventDefault();
        const why = e.message || 'the worker failed';
        reject(new Error(why));
        this.abort({ status: 'error', message: `error: ${why}` });
      };
    });
    this.ready.catch(() => {}); // reported by each call
  }

  // call runs op on request and resolves to the reply; calls wait for the
  // one before. limitMs of 0 means no time limit. A quiet call (the
  // drawing while typing) does not disable the buttons, which would
  // swallow a click that lands during it.
  call(op, request, limitMs, quiet = false) {
    const run = () => this.ready.then(
      () => new Promise((resolve) => {
        const timer = limitMs > 0
          ? setTimeout(() => this.abort({ status: 'timeout', message: `timeout: no answer within ${limitMs / 1000}s` }), limitMs)
          : 0;
        this.current = { resolve, timer, quiet };
        if (!quiet) this.onBusy(true);
        this.worker.postMessage({ op, request });
      }),
      (err) => ({ status: 'error', message: `error: the WebAssembly solver did not start: ${err.message}` }),
    );
    const reply = this.queue.then(run);
    this.queue = reply.then(() => {}, () => {});
    return reply;
  }

  finish(reply) {
    const c = this.current;
    if (!c) return;
    this.current = null;
    clearTimeout(c.timer);
    if (!c.quiet) this.onBusy(false);
    c.resolve(reply);
  }

  // abort ends the running operation with reply, and the worker with it.
  abort(reply) {
    if (!this.current) return;
    this.worker.terminate();
    this.start();
    this.finish(reply);
  }
}

// ApiSolver sends the same operations to the server that served the page,
// one at a time: POST api/OP with the request record, the reply record
// back. Stopping, or the time limit, aborts the fetch, and the server
// ends the search when the connection's request is cancelled.
class ApiSolver {
  constructor(onBusy) {
    this.onBusy = onBusy;
    this.queue = Promise.resolve();
    this.current = null;
    this.ready = Promise.resolve();
    this.where = 'Your puzzles are solved by the server that sent this page.';
    this.build = 'Running on the server (sudokusat serve).';
  }

  call(op, request, limitMs, quiet = false) {
    const run = () => new Promise((resolve) => {
      const controller = new AbortController();
      const timer = limitMs > 0
        ? setTimeout(() => this.abort({ status: 'timeout', message: `timeout: no answer within ${limitMs / 1000}s` }), limitMs)
        : 0;
      const c = { resolve, timer, quiet, controller };
      this.current = c;
      if (!quiet) this.onBusy(true);
      fetch(`api/${op}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
        signal: controller.signal,
      }).then(async (resp) => {
        const text = await resp.text();
        try {
          return JSON.parse(text);
        } catch {
          return { status: 'error', message: `error: the server answered ${resp.status} ${resp.statusText}: ${text.slice(0, 200)}` };
        }
      }).then(
        (reply) => this.finish(c, reply),
        (err) => this.finish(c, { status: 'error', message: `error: the server did not answer: ${err.message}` }),
      );
    });
    const reply = this.queue.then(run);
    this.queue = reply.then(() => {}, () => {});
    return reply;
  }

  finish(c, reply) {
    if (this.current !== c) return; // aborted before
    this.current = null;
    clearTimeout(c.timer);
    if (!c.quiet) this.onBusy(false);
    c.resolve(reply);
  }

  abort(reply) {
    const c = this.current;
    if (!c) return;
    this.finish(c, reply);
    c.controller.abort();
  }
}

// The server that served the page says in it where the page's work runs
// (web.PageConfig): {"runs":"server","maxSize":25} when it answers POST
// api/OP, {"runs":"browser"} when it serves main.wasm. A static file host
// says nothing, and the page runs main.wasm, which must be beside it. The
// page asks for main.wasm only then, so that no load fails.
const config = JSON.parse(document.querySelector('meta[name="sudokusat-server"]')?.content || '{}');

const actions = ['solve', 'count', 'grade', 'dimacs', 'svg', 'print', 'generate', 'candidates', 'hint', 'minimal'];
const onBusy = (busy) => {
  for (const id of actions) $(id).disabled = busy;
  $('stop').hidden = !busy;
  document.body.dataset.busy = busy;
};
const solver = config.runs === 'server' ? new ApiSolver(onBusy) : new WasmSolver(onBusy);

// The sizes this page takes: up to the server's limit, or any in the
// browser.
const maxSize = config.runs === 'server' ? config.maxSize || 0 : 0;
$('puzzle').placeholder += maxSize > 0
  ? ` Sizes 4×4 to ${maxSize}×${maxSize} (this server's limit).`
  : ' Any size, 4×4 and up.';

let drawing = ''; // the SVG shown, for download and print
let previewTimer = 0; // the drawing as typed, due once typing pauses
// The puzzle drawn, on one line with a symbol per cell, and its side: what
// typing on the grid edits. Empty when the drawing cannot be edited.
let drawn = { line: '', size: 0 };
let drawnSize = 0; // the side of the grid drawn, editable or not
let cursor = { row: 0, col: 0 }; // the cell typing on the grid goes to
// The pencil marks shown, { cap }, or null: while they are, a given typed
// on the grid asks for them again, once typing pauses (marksTimer).
let marks = null;
let marksTimer = 0;

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = kind || '';
}

function log(text) {
  const li = document.createElement('li');
  li.textContent = text;
  const ol = $('log');
  ol.prepend(li);
  while (ol.children.length > 8) ol.lastChild.remove();
}

// show draws svg (none when empty) and the solution line; r is the reply
// the drawing came from, whose puzzle typing on the grid then edits.
function show(svg, solution, r) {
  drawing = svg || '';
  $('board').innerHTML = drawing;
  $('solution').textContent = solution || '';
  $('share').hidden = true;
  // A variant puzzle's rules live in its f-puzzles text, which the page
  // does not edit: its drawing cannot be typed on.
  const oneSymbolEach = r && !r.variant && r.puzzle && r.size && r.puzzle.length === r.size * r.size;
  drawn = oneSymbolEach ? { line: r.puzzle, size: r.size } : { line: '', size: 0 };
  drawnSize = svg && r && r.size ? r.size : 0;
  if (cursor.row >= drawn.size || cursor.col >= drawn.size) cursor = { row: 0, col: 0 };
  markCursor();
}

// reveal scrolls the drawing and the status into view when they are not,
// as on a phone, where they are below the controls.
function reveal() {
  const section = document.querySelector('section.board');
  const box = section.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) section.scrollIntoView({ block: 'start' });
}

// gridBox is where the drawing's grid lies, in SVG units: the outer
// border is the one unfilled rectangle render.SVG draws.
function gridBox() {
  const rect = $('board').querySelector('svg rect[fill="none"]');
  if (!rect || !drawnSize) return null;
  const x = Number(rect.getAttribute('x'));
  const y = Number(rect.getAttribute('y'));
  return { x, y, cell: Number(rect.getAttribute('width')) / drawnSize };
}

function svgEl(name, attrs) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// markCell adds a coloured square over cell (row, col) of the drawing,
// with text in it when given, and returns it.
function markCell(row, col, cls, text) {
  const box = gridBox();
  if (!box) return null;
  const g = svgEl('g', { class: cls, 'data-cell': `r${row + 1}c${col + 1}` });
  g.append(svgEl('rect', { x: box.x + col * box.cell, y: box.y + row * box.cell, width: box.cell, height: box.cell }));
  if (text) {
    const t = svgEl('text', {
      x: box.x + (col + 0.5) * box.cell,
      y: box.y + (row + 0.5) * box.cell,
      'font-size': box.cell * 0.6,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
    });
    t.textContent = text;
    g.append(t);
  }
  $('board').querySelector('svg').append(g);
  return g;
}

function markCursor() {
  $('board').querySelector('g.cursor')?.remove();
  const editable = drawn.size > 0;
  $('board').tabIndex = editable ? 0 : -1;
  if (editable && document.activeElement === $('board')) markCell(cursor.row, cursor.col, 'cursor');
}

// oneLine reads text as a grid of one symbol per cell, dropping comment
// lines and a drawn grid's borders, or returns '' when it is not one.
// It is used only to draw a puzzle that the Go side refused (clashing
// givens), whose cells its message names.
function oneLine(text) {
  const line = text.split('\n')
    .filter((l) => !/^\s*#/.test(l) && !/^[-+\s]+$/.test(l))
    .join('')
    .replace(/[\s|]/g, '');
  const n = Math.round(Math.sqrt(line.length));
  return n >= 4 && n <= 35 && n * n === line.length ? line : '';
}

// showFailure shows a failed reply: its drawing when it has one, else,
// for clashing givens, the puzzle with the clashing cells marked in red.
async function showFailure(r, puzzle) {
  if (!r.svg && r.status !== 'invalid') {
    // The puzzle is fine, its search was not (a timeout, a stop): draw
    // it without an answer.
    const d = await solver.call('render', request({ puzzle }), limitMs(), true);
    if (puzzle === $('puzzle').value) show(d.svg, '', d);
    return;
  }
  show(r.svg, '', r);
  if (r.svg || !/conflicting givens/.test(r.message)) return;
  const cells = [...r.message.matchAll(/r(\d+)c(\d+)/g)].map((m) => [Number(m[1]) - 1, Number(m[2]) - 1]);
  const line = oneLine(puzzle);
  if (!line || cells.length === 0) return;
  const n = Math.round(Math.sqrt(line.length));
  const symbols = [...line];
  const blanked = [...symbols];
  for (const [row, col] of cells) blanked[row * n + col] = '.';
  const d = await solver.call('render', request({ puzzle: blanked.join('') }), limitMs(), true);
  if (!d.svg || puzzle !== $('puzzle').value) return;
  show(d.svg, '', { puzzle: line, size: n });
  for (const [row, col] of cells) markCell(row, col, 'clash', symbols[row * n + col]);
}

function duration(us) {
  if (us < 1000) return `${(us / 1000).toFixed(2)} ms`;
  if (us < 1e6) return `${(us / 1000).toFixed(1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

function engineName(r) {
  if (r.engine === 'sat') return r.encoding === 'variant' ? 'gophersat, variant CNF' : `gophersat, ${r.encoding} encoding`;
  if (r.engine === 'search') return 'variant search';
  return r.engine === 'dlx' ? 'dancing links' : 'native';
}

// describe says what a puzzle is: its size, its rules when it is a
// variant, and its givens.
function describe(r) {
  const rules = r.variant ? ` variant (${r.variant.join(', ')})` : '';
  return `${r.size}×${r.size}${rules}, ${r.givens} givens`;
}

function limitMs() {
  const s = Number($('timeout').value);
  return s > 0 ? s * 1000 : 0;
}

function engine() {
  return document.querySelector('input[name=engine]:checked').value;
}

function request(extra) {
  return {
    puzzle: $('puzzle').value,
    engine: engine(),
    encoding: $('encoding').value,
    cellSize: 40,
    ...extra,
  };
}

// run calls op and shows a failed reply's message, which is the command
// line's, or what explain (when given) says of it for a reader instead;
// it returns the reply when it succeeded, else null.
async function run(op, extra, explain) {
  clearTimeout(previewTimer); // its answer would overwrite this one's
  clearTimeout(marksTimer);
  marks = null; // an answer of another kind replaces the pencil marks
  setStatus('Working…', 'busy');
  const req = request(extra);
  const r = await solver.call(op, req, limitMs());
  if (r.message) {
    setStatus((explain && explain(r)) || r.message, 'error');
    log(r.message);
    // A drawing left from before would pass for this puzzle's.
    if (op !== 'generate') await showFailure(r, req.puzzle);
    reveal();
    return null;
  }
  return r;
}

async function solve() {
  const r = await run('solve');
  if (!r) return;
  show(r.svg, r.solution, r);
  if (r.link) {
    $('share-link').href = r.link;
    $('share').hidden = false;
  }
  const text = `Solved in ${duration(r.us)} (${engineName(r)}).${statedNote(r)}`;
  setStatus(text, r.statedNote ? 'error' : 'ok');
  log(`${describe(r)}: solved in ${duration(r.us)} (${engineName(r)})`);
  reveal();
}

async function count() {
  const r = await run('count', { limit: 2 });
  if (!r) return;
  let what = r.count === 0 ? 'No solution.'
    : r.count === 1 ? 'Unique: exactly one solution.'
      : `Not unique: at least ${r.count} solutions.`;
  if (r.other) {
    // Two solutions: the first drawn, the cells where the second differs
    // marked, where a setter may add a given.
    show(r.svg, `${r.solution}\n${r.other}`, r);
    const n = r.size;
    for (const name of r.differ) {
      const m = /^r(\d+)c(\d+)$/.exec(name);
      const row = Number(m[1]) - 1;
      const col = Number(m[2]) - 1;
      markCell(row, col, 'differ', '').dataset.other = r.other[row * n + col];
    }
    what += ` Two of them differ in ${r.differ.length} cells (marked): ${r.differ.join(' ')}.`;
  }
  setStatus(`${what} Counted in ${duration(r.us)} (${engineName(r)}).${statedNote(r)}`, r.count === 1 && !r.statedNote ? 'ok' : 'error');
  log(`count ${r.text} in ${duration(r.us)} (${engineName(r)})`);
  reveal();
}

// statedNote is what the reply says of the puzzle's own stated solution
// when it is not the one found: a setter's slip, or a rule read wrongly.
function statedNote(r) {
  if (r.stated === 'agrees') return ' It is the solution the puzzle states.';
  return r.statedNote ? ` Note: ${r.statedNote}.` : '';
}

async function grade() {
  const r = await run('grade');
  if (!r) return;
  const guesses = r.guesses ? `, ${r.guesses} guesses` : '';
  setStatus(`Grade ${r.score.toFixed(1)}: the hardest technique needed is ${r.hardest}${guesses}.`, 'ok');
  log(`grade ${r.text}`);
  reveal();
}

// symbol writes digit d of an n×n grid as the drawing does: 1-9, then
// letters up to 35×35, then numbers.
function symbol(d, n) {
  if (d <= 9 || n > 35) return String(d);
  return String.fromCharCode(55 + d); // 10 is A
}

// givenCells tells, for each cell of the reply's puzzle, whether it holds
// a given.
function givenCells(r) {
  const n = r.size;
  const cells = r.puzzle.length === n * n ? [...r.puzzle] : r.puzzle.split(' ');
  return cells.map((s) => !/^[.0]$/.test(s));
}

// pencil adds digit d to group g as a small mark in its place of cell
// (row, col), as a pencil mark sits in a printed grid: 1 top left, and
// row by row; a shade behind it when opacity is given.
function pencil(g, row, col, d, n, opacity) {
  const box = gridBox();
  const per = Math.ceil(Math.sqrt(n)); // marks a row within a cell
  const step = box.cell / per;
  const x = box.x + col * box.cell + ((d - 1) % per + 0.5) * step;
  const y = box.y + row * box.cell + (Math.floor((d - 1) / per) + 0.5) * step;
  const size = Math.min(step * 0.78, box.cell * 0.28); // a 4×4's marks stay small
  if (opacity !== undefined) {
    const side = size * 1.2;
    g.append(svgEl('rect', {
      x: x - side / 2, y: y - side / 2, width: side, height: side, rx: side * 0.2, 'fill-opacity': opacity,
    }));
  }
  const t = svgEl('text', {
    x, y, 'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'data-digit': d,
  });
  t.textContent = symbol(d, n);
  g.append(t);
  return t;
}

// showMarks draws a candidates reply's pencil marks over the drawing in
// every cell without a given: shaded, when counted, by the share of the
// cap of solutions that use each digit.
function showMarks(r) {
  const svg = $('board').querySelector('svg');
  if (!svg || !gridBox()) return;
  const n = r.size;
  const given = givenCells(r);
  const layer = svgEl('g', { class: 'marks' });
  r.candidates.forEach((digits, c) => {
    if (given[c]) return;
    const row = Math.floor(c / n);
    const col = c % n;
    const g = svgEl('g', { 'data-cell': `r${row + 1}c${col + 1}` });
    for (const d of digits) {
      const count = r.counts ? r.counts[c][d - 1] : 0;
      const t = pencil(g, row, col, d, n, r.counts ? 0.08 + 0.5 * count / r.limit : undefined);
      if (r.counts) t.dataset.count = count;
    }
    layer.append(g);
  });
  svg.append(layer);
}

// marksStatus says what the pencil marks show.
function marksStatus(r) {
  const single = r.candidates.every((ds) => ds.length === 1);
  let text = single
    ? 'Candidates: one digit in every cell, so exactly one solution.'
    : `Candidates: the digits some solution puts in each cell (${r.met} solutions found on the way).`;
  if (r.counts) {
    text += ` Shaded by how many solutions use each digit: the darkest, ${r.limit} or more.`;
  }
  if (!single && drawn.size > 0) text += ' Type givens on the grid and they follow.';
  return `${text} Found in ${duration(r.us)} (${engineName(r)}).`;
}

function cap() {
  const k = Math.round(Number($('cap').value));
  return k >= 1 ? k : 1;
}

// explainUnsolvable says, of a setter's question about a puzzle without a
// solution, where to look.
function explainUnsolvable(r) {
  return r.status === 'unsolvable' ? `${r.message}. Make unique shows which givens and rules conflict.` : '';
}

async function candidates() {
  const k = cap();
  const r = await run('candidates', { limit: k }, explainUnsolvable);
  if (!r) {
    // A typed given that leaves no solution: type on, and they follow.
    if (drawn.size) marks = { cap: k };
    return;
  }
  show(r.svg, '', r);
  showMarks(r);
  marks = { cap: k };
  setStatus(marksStatus(r), 'ok');
  log(`candidates in ${duration(r.us)} (${engineName(r)})`);
  reveal();
}

// refreshMarks asks for the pencil marks again once typing on the grid
// pauses, quietly, and draws them when the puzzle is still the one asked
// about.
function refreshMarks() {
  clearTimeout(marksTimer);
  marksTimer = setTimeout(async () => {
    const text = $('puzzle').value;
    const asked = marks;
    if (!asked) return;
    setStatus('Updating the candidates…', 'busy');
    const r = await solver.call('candidates', request({ limit: asked.cap }), limitMs(), true);
    if (text !== $('puzzle').value || marks !== asked) return; // typed on, or another answer came
    if (r.status === 'invalid') return; // clashing givens: the drawing marks them
    if (r.message) {
      if (r.svg) show(r.svg, '', r);
      setStatus(explainUnsolvable(r) || r.message, 'error');
      return;
    }
    show(r.svg, '', r);
    showMarks(r);
    setStatus(marksStatus(r), 'ok');
  }, 300);
}

// list writes parts' names, the first dozen of them, and how many more.
function list(parts) {
  const names = parts.map((x) => x.name);
  if (names.length <= 12) return names.join(' ');
  return `${names.slice(0, 12).join(' ')} and ${names.length - 12} more`;
}

// markGivens marks the cells of givens with class cls, their digits
// pencilled in when they are not the puzzle's own (givens to add), one
// mark a cell however many digits it has.
function markGivens(parts, cls, pencilled, extra) {
  const n = drawnSize;
  const cells = new Map();
  for (const x of parts) {
    if (!x.cell) continue;
    if (!cells.has(x.cell)) cells.set(x.cell, { row: x.row - 1, col: x.col - 1, digits: [] });
    cells.get(x.cell).digits.push(x.digit);
  }
  for (const { row, col, digits } of cells.values()) {
    const g = markCell(row, col, extra && extra(`r${row + 1}c${col + 1}`) ? `${cls} ${extra.cls}` : cls, '');
    if (!g) continue;
    g.dataset.digits = digits.join('');
    if (pencilled) for (const d of digits) pencil(g, row, col, d, n);
  }
}

async function hint() {
  const r = await run('hint');
  if (!r) return;
  show(r.svg, '', r);
  const count = r.count || 0;
  const many = count >= r.limit ? `at least ${r.limit}` : String(count);
  let text;
  let kind = 'ok';
  if (count === 1) {
    text = 'Unique already: exactly one solution, no given needed.';
  } else if (count === 0) {
    const core = r.core || [];
    const fixes = r.fixes || [];
    markGivens(core, 'conflict', false);
    const givens = core.some((x) => x.cell);
    const rules = core.some((x) => x.rule);
    const what = givens && rules ? 'givens (marked) and rules' : givens ? 'givens (marked)' : 'rules';
    text = `No solution: these ${what} conflict: ${list(core)}`;
    text += fixes.length === core.length
      ? '; removing any one of them gives a solution.'
      : fixes.length > 0
        ? `; removing one of these gives a solution: ${list(fixes)}.`
        : '; no one of them alone gives a solution: more must go.';
    kind = 'error';
  } else if (r.unique) {
    markGivens(r.unique, 'hint', true);
    text = `Not unique: ${many} solutions; each of these makes it unique: ${list(r.unique)} (marked).`;
  } else {
    markGivens(r.closest || [], 'closest', true);
    text = `Not unique: ${many} solutions, and no one given makes it unique; each of these leaves the fewest, ${r.left >= r.limit ? `at least ${r.left}` : r.left}: ${list(r.closest || [])} (marked).`;
  }
  setStatus(`${text} Found in ${duration(r.us)} (${engineName(r)}).`, kind);
  log(`make unique: ${r.text.length > 90 ? `${r.text.slice(0, 90)}…` : r.text}`);
  reveal();
}

async function minimal() {
  // A puzzle that is not unique has a count in its failed reply.
  const r = await run('minimal', {}, (f) => {
    if (f.limit !== 2) return '';
    return f.count
      ? 'Not unique: more than one solution, so nothing can go. Make unique shows which given would leave one.'
      : 'No solution, so nothing can go. Make unique shows which givens and rules conflict.';
  });
  if (!r) return;
  show(r.svg, '', r);
  if (r.minimal) {
    setStatus(`Minimal: every given and rule is needed; without any one of them there is more than one solution. Checked in ${duration(r.us)} (${engineName(r)}).`, 'ok');
    log(`minimal in ${duration(r.us)}`);
    reveal();
    return;
  }
  const together = new Set((r.together || []).map((x) => x.name));
  const givens = r.alone.filter((x) => x.cell);
  const rules = r.alone.filter((x) => x.rule);
  const inTogether = (cell) => r.together.some((x) => x.cell === cell);
  inTogether.cls = 'together';
  markGivens(givens, 'removable', false, inTogether);
  const parts = [];
  if (givens.length) parts.push(`each of these givens can go, the puzzle staying unique (shaded): ${list(givens)}`);
  if (rules.length) parts.push(`each of these rules can go: ${list(rules)}`);
  let text = `Not minimal: ${parts.join('; ')}.`;
  if (r.alone.every((x) => together.has(x.name)) && together.size === r.alone.length) {
    text += r.alone.length > 1 ? ' All of them can go together (outlined).' : '';
  } else {
    text += ` Not all together: these can (outlined): ${list(r.together)}.`;
  }
  setStatus(`${text} Checked in ${duration(r.us)} (${engineName(r)}).`, 'ok');
  log(`minimal: ${r.alone.length} removable alone, ${together.size} together`);
  reveal();
}

function download(name, type, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

async function dimacs() {
  const r = await run('encode');
  if (!r) return;
  download(r.filename, 'text/plain', r.dimacs);
  const text = `DIMACS: ${r.vars.toLocaleString('en')} variables, ${r.clauses.toLocaleString('en')} clauses, ${r.encoding} encoding, saved as ${r.filename}.`;
  setStatus(text, 'ok');
  log(text);
}

// ensureDrawn makes sure a drawing is shown, rendering the puzzle if need be.
async function ensureDrawn() {
  if (drawing) return true;
  const r = await run('render');
  if (!r) return false;
  show(r.svg, '', r);
  return true;
}

async function svg() {
  if (!(await ensureDrawn())) return;
  download('sudoku.svg', 'image/svg+xml', drawing);
  setStatus('Drawing saved as sudoku.svg.', 'ok');
}

async function print() {
  if (!(await ensureDrawn())) return;
  setStatus('');
  window.print();
}

async function generate() {
  const size = Number($('size').value);
  const target = $('target').value;
  const value = Number($('target-value').value);
  const r = await run('generate', {
    size,
    hints: target === 'hints' ? value : 0,
    difficulty: target === 'difficulty' ? value : 0,
    symmetric: $('symmetric').checked,
    seed: $('seed').value.trim(),
  });
  if (!r) return;
  $('puzzle').value = r.puzzle;
  show(r.svg, '', r);
  let text = `Generated a ${r.size}×${r.size} puzzle with ${r.givens} givens in ${duration(r.us)}, proved unique by the native count and gophersat`;
  if (r.hardest) text += `; grade ${r.score.toFixed(1)} (${r.hardest})`;
  if (!r.reached) text += '; the target was not reached, this is the closest found';
  setStatus(`${text}.`, 'ok');
  log(`generated ${r.size}×${r.size}, ${r.givens} givens, seed ${r.seed}`);
  reveal();
}

// A drawing of the puzzle as it is typed: the replies of render, with its
// message shown quietly while the text is not yet a puzzle.
function preview(delay = 200) {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(async () => {
    const text = $('puzzle').value;
    if (text.trim() === '') {
      show('');
      setStatus('');
      return;
    }
    const r = await solver.call('render', request(), limitMs(), true);
    if (text !== $('puzzle').value) return; // typed on meanwhile
    if (r.message) {
      setStatus(r.message, 'hint');
      await showFailure(r, text);
      return;
    }
    show(r.svg, '', r);
    setStatus(`${describe(r)}.`, 'hint');
  }, delay);
}

// Typing on the grid: a click or the arrow keys choose a cell, a symbol
// (digit, letter, . or 0) or Backspace/Delete sets it, and the puzzle text
// becomes the edited puzzle on one line.
function cellAt(e) {
  const box = gridBox();
  const svg = $('board').querySelector('svg');
  if (!box || !svg) return null;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const row = Math.floor((p.y - box.y) / box.cell);
  const col = Math.floor((p.x - box.x) / box.cell);
  return row >= 0 && col >= 0 && row < drawn.size && col < drawn.size ? { row, col } : null;
}

function announce() {
  const n = drawn.size;
  const s = drawn.line[cursor.row * n + cursor.col];
  $('cell').textContent = `Row ${cursor.row + 1}, column ${cursor.col + 1}: ${/[.0_*-]/.test(s) ? 'blank' : s}.`;
}

function gridKey(e) {
  const n = drawn.size;
  if (!n || e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let symbol = null;
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    cursor = { row: Math.min(n - 1, Math.max(0, cursor.row + dr)), col: Math.min(n - 1, Math.max(0, cursor.col + dc)) };
  } else if (e.key === 'Backspace' || e.key === 'Delete' || e.key === ' ') {
    symbol = '.';
  } else if (/^[0-9A-Za-z.]$/.test(e.key)) {
    symbol = e.key.toUpperCase();
  } else {
    return;
  }
  e.preventDefault();
  if (symbol !== null) {
    const i = cursor.row * n + cursor.col;
    drawn.line = drawn.line.slice(0, i) + symbol + drawn.line.slice(i + 1);
    $('puzzle').value = drawn.line;
    preview(0);
    if (marks) refreshMarks();
  }
  markCursor();
  announce();
}

// listEngines offers the engines the page runs, as the table of engines
// lists them (the API's "engines" operation), after the first choice:
// the one that is fast on the puzzle.
async function listEngines() {
  const r = await solver.call('engines', {}, 0, true);
  const group = $('engines');
  for (const e of r.engines || []) {
    const label = document.createElement('label');
    label.title = e.doc;
    const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'engine', value: e.name });
    input.addEventListener('change', engineChanged);
    label.append(input, ` ${e.name}`);
    group.append(label);
  }
}

function engineChanged() {
  // The encoding is the SAT engine's: the native solver has none.
  $('encoding').disabled = engine() !== 'sat';
}

function targetChanged() {
  const input = $('target-value');
  const target = $('target').value;
  input.disabled = target === 'minimal';
  if (target === 'difficulty') {
    Object.assign(input, { min: 1, max: 5, step: 0.1, value: 3 });
  } else {
    Object.assign(input, { min: 0, max: 160000, step: 1, value: 24 });
  }
}

function wire() {
  const handlers = { solve, count, grade, dimacs, svg, print, generate, candidates, hint, minimal };
  for (const [id, fn] of Object.entries(handlers)) $(id).addEventListener('click', fn);
  $('stop').addEventListener('click', () => solver.abort({ status: 'stopped', message: 'stopped: the search was ended' }));
  // A puzzle typed or pasted in the box is another puzzle: its pencil
  // marks are asked for with the button.
  const stopMarks = () => { marks = null; clearTimeout(marksTimer); };
  $('puzzle').addEventListener('input', () => { stopMarks(); preview(); });
  $('puzzle').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      solve();
    }
  });
  $('example').addEventListener('change', (e) => {
    if (!e.target.value) return;
    $('puzzle').value = e.target.value;
    e.target.value = '';
    stopMarks();
    preview();
  });
  $('clear').addEventListener('click', () => {
    $('puzzle').value = '';
    stopMarks();
    preview();
    $('puzzle').focus();
  });
  $('target').addEventListener('change', targetChanged);
  for (const radio of document.querySelectorAll('input[name=engine]')) radio.addEventListener('change', engineChanged);
  engineChanged();
  const board = $('board');
  board.addEventListener('click', (e) => {
    const cell = cellAt(e);
    if (!cell) return;
    cursor = cell;
    board.focus();
    markCursor();
    announce();
  });
  board.addEventListener('keydown', gridKey);
  board.addEventListener('focus', () => { markCursor(); if (drawn.size) announce(); });
  board.addEventListener('blur', markCursor);
}

wire();
solver.ready.then(
  async () => {
    await listEngines();
    setStatus('Ready: type or paste a puzzle, or generate one.', 'hint');
    $('version').textContent = solver.where;
    $('build').textContent = solver.build;
    document.body.dataset.ready = 'true';
  },
  (err) => setStatus(`error: the WebAssembly solver did not start: ${err.message}`, 'error'),
);
