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
        } else if (m.progress) {
          this.current?.onProgress?.(JSON.parse(m.progress).progress);
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
  // swallow a click that lands during it. onProgress, when given, gets
  // the operation's progress reports (api.Progress) while it works.
  call(op, request, limitMs, quiet = false, onProgress = null) {
    const run = () => this.ready.then(
      () => new Promise((resolve) => {
        const timer = limitMs > 0
          ? setTimeout(() => this.abort({ status: 'timeout', message: `timeout: no answer within ${limitMs / 1000}s` }), limitMs)
          : 0;
        this.current = { resolve, timer, quiet, onProgress };
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
// ends the search when the connection's request is cancelled. A call
// that wants progress accepts NDJSON: the server then sends each progress
// report as a line while it works, and the reply as the last line.
class ApiSolver {
  constructor(onBusy) {
    this.onBusy = onBusy;
    this.queue = Promise.resolve();
    this.current = null;
    this.ready = Promise.resolve();
    this.where = 'Your puzzles are solved by the server that sent this page.';
    this.build = 'Running on the server (sudokusat serve).';
  }

  call(op, request, limitMs, quiet = false, onProgress = null) {
    const run = () => new Promise((resolve) => {
      const controller = new AbortController();
      const timer = limitMs > 0
        ? setTimeout(() => this.abort({ status: 'timeout', message: `timeout: no answer within ${limitMs / 1000}s` }), limitMs)
        : 0;
      const c = { resolve, timer, quiet, controller };
      this.current = c;
      if (!quiet) this.onBusy(true);
      const headers = { 'Content-Type': 'application/json' };
      if (onProgress) headers.Accept = 'application/x-ndjson, application/json';
      fetch(`api/${op}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(request),
        signal: controller.signal,
      }).then(async (resp) => {
        let text = '';
        if (onProgress && resp.headers.get('Content-Type') === 'application/x-ndjson') {
          // Each line is a progress report ("working"), shown as it
          // comes, or the reply.
          const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
          let rest = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            rest += value;
            let nl;
            while ((nl = rest.indexOf('\n')) >= 0) {
              const line = rest.slice(0, nl);
              rest = rest.slice(nl + 1);
              let m = null;
              try { m = JSON.parse(line); } catch { /* the reply's text, judged below */ }
              if (m?.status === 'working') {
                if (this.current === c) onProgress(m.progress);
              } else {
                text += line;
              }
            }
          }
          text += rest;
        } else {
          text = await resp.text();
        }
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

const actions = ['solve', 'count', 'grade', 'explain', 'dimacs', 'svg', 'print', 'generate', 'candidates', 'hint', 'minimal'];
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
// The solve path shown, or null: the explain reply r, its steps, which
// cells hold givens, and the step drawn, at (0 for the puzzle as given).
let path = null;

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = kind || '';
}

// noteUnread shows, beside every answer, what the puzzle's document drew
// that was not read as a rule: the answer holds only for the rules read,
// and a drawing skipped in silence would pass for one obeyed.
function noteUnread(r) {
  const p = $('unread');
  p.textContent = r.not_read_note ? `Warning: ${r.not_read_note}.` : '';
  p.hidden = !r.not_read_note;
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
  endPath(); // its marks were drawn on the drawing this one replaces
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
  // What the operation reports of its progress replaces "Working…".
  const r = await solver.call(op, req, limitMs(), false, (p) => setStatus(`${p.text}…`, 'busy'));
  noteUnread(r);
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

// explain asks for a solve path and shows it from its start, to be
// stepped through.
async function explain() {
  const rating = Number($('max-rating').value);
  const r = await run('explain', { noGuess: $('no-guess').checked, maxRating: rating > 0 ? rating : 0 });
  if (!r) return;
  show(r.svg, '', r);
  startPath(r);
  setStatus(pathStatus(r), r.status === 'explained' ? 'ok' : 'warn');
  log(`explain: ${r.text}`);
  reveal();
}

// markText names a marked step (the hardest, the break-in) and rates it:
// on Sudoku Explainer's scale for a classic 9×9, else on the same
// ladder's cost.
function markText(m) {
  const rating = m.se !== undefined ? `SE ${m.se.toFixed(1)}` : `cost ${m.cost.toFixed(1)}`;
  return `step ${m.step}, ${m.technique} (${rating})`;
}

// pathStatus says what the path is: how it ends, its length, its hardest
// step and its break-in.
function pathStatus(r) {
  const e = r.explanation;
  const n = e.steps.length;
  const steps = `${n} ${n === 1 ? 'step' : 'steps'}`;
  const guesses = e.steps.filter((st) => st.technique === 'guess').length;
  let text = e.status === 'explained' ? `Explained in ${steps}`
    : e.status === 'guessed' ? `Guessed in ${steps} (${guesses} ${guesses === 1 ? 'guess' : 'guesses'})`
      : `Stuck after ${steps}`;
  if (e.hardest) text += `; hardest: ${markText(e.hardest)}`;
  text += e.break_in ? `; break-in: ${markText(e.break_in)}.` : '; no break-in: singles all the way.';
  if (e.status === 'stuck') text += ' No step within the limits is left: the last step shows where it stopped.';
  const checked = e.steps.filter((st) => st.checked).length;
  text += checked === n ? ' Every step is proved (✓).' : ` ${checked} of ${n} steps are proved (✓); guesses are not.`;
  return `${text} Found in ${duration(r.us)} (${engineName(r)}).`;
}

// startPath lists the reply's steps and draws the puzzle as given.
function startPath(r) {
  path = { r, steps: r.explanation.steps, given: givenCells(r), at: 0 };
  const items = path.steps.map((st, i) => {
    const li = document.createElement('li');
    li.dataset.step = i + 1;
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = st.text;
    const rating = document.createElement('span');
    rating.className = 'rating';
    rating.textContent = st.rating.toFixed(1);
    b.append(' ', rating);
    if (st.checked) {
      const ok = document.createElement('span');
      ok.className = 'checked';
      ok.title = 'proved from the givens and the steps before';
      ok.textContent = '✓';
      b.append(' ', ok);
    }
    li.append(b);
    return li;
  });
  $('steps').replaceChildren(...items);
  $('steps').scrollTop = 0;
  $('steps').hidden = false;
  $('stepper').hidden = false;
  goStep(0);
}

// endPath takes the path away, its list and controls with it.
function endPath() {
  if (!path) return;
  path = null;
  $('stepper').hidden = true;
  $('steps').hidden = true;
  $('steps').replaceChildren();
}

// goStep draws the grid after step k (0: the puzzle as given) and marks
// step k in the list, scrolled into view within it.
function goStep(k) {
  if (!path) return;
  const n = path.steps.length;
  const at = Math.max(0, Math.min(n, k));
  path.at = at;
  $('step-first').disabled = at === 0;
  $('step-back').disabled = at === 0;
  $('step-forward').disabled = at === n;
  $('step-last').disabled = at === n;
  const st = at > 0 ? path.steps[at - 1] : null;
  $('step-text').textContent = st
    ? `Step ${at} of ${n}${st.checked ? ' ✓' : ''}: ${st.text}`
    : `Start: the puzzle as given, every digit pencilled in each open cell; ${n} ${n === 1 ? 'step follows' : 'steps follow'}.`;
  const ol = $('steps');
  ol.querySelector('li.current')?.removeAttribute('aria-current');
  ol.querySelector('li.current')?.classList.remove('current');
  const li = at > 0 ? ol.children[at - 1] : null;
  if (li) {
    li.classList.add('current');
    li.setAttribute('aria-current', 'step');
    // Within the list only: scrollIntoView would scroll the page too.
    if (li.offsetTop < ol.scrollTop) ol.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = li.offsetTop + li.offsetHeight - ol.clientHeight;
  } else {
    ol.scrollTop = 0;
  }
  drawStep();
}

// cellIndex reads a cell's name, "r1c2", as its index in an n×n grid.
function cellIndex(name, n) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return (Number(m[1]) - 1) * n + Number(m[2]) - 1;
}

// replay plays the first k steps of the path from every digit pencilled
// in every cell without a given: a placement leaves its digit alone in its
// cell, and an elimination takes a digit out of one; the steps list every
// elimination a placement causes. It returns each cell's placed digit (0
// for none) and candidates (null for a given).
function replay(k) {
  const n = path.r.size;
  const placed = path.given.map(() => 0);
  const cands = path.given.map((given) => (given ? null : new Set(Array.from({ length: n }, (_, i) => i + 1))));
  for (const st of path.steps.slice(0, k)) {
    for (const f of st.placements || []) {
      const c = cellIndex(f.cell, n);
      placed[c] = f.digit;
      cands[c] = new Set([f.digit]);
    }
    for (const f of st.eliminations || []) cands[cellIndex(f.cell, n)]?.delete(f.digit);
  }
  return { placed, cands };
}

// houseCells returns the cells of a constraint a step names: a row, a
// column, a box (from the boxes' shape, as sudokusat.BoxShape finds it) or
// a cell; null for a jigsaw's region or a rule, whose cells are the
// step's own, shaded.
function houseCells(rule, n) {
  const i = rule.index - 1;
  const all = Array.from({ length: n }, (_, j) => j);
  switch (rule.kind) {
    case 'row': return all.map((col) => i * n + col);
    case 'column': return all.map((row) => row * n + i);
    case 'cell': return [i];
    case 'region': {
      if (!/^box /.test(rule.name)) return null;
      let rows = Math.floor(Math.sqrt(n));
      while (n % rows !== 0) rows--;
      const cols = n / rows;
      const top = Math.floor(i / rows) * rows; // a band of boxes holds n / cols = rows of them
      const left = (i % rows) * cols;
      return all.map((j) => (top + Math.floor(j / cols)) * n + left + j % cols);
    }
    default: return null;
  }
}

// outline is the path around a set of cells: each side of a cell that
// borders no cell of the set.
function outline(cells, n, box) {
  const set = new Set(cells);
  const s = box.cell;
  let d = '';
  for (const c of set) {
    const row = Math.floor(c / n);
    const col = c % n;
    const x = box.x + col * s;
    const y = box.y + row * s;
    if (row === 0 || !set.has(c - n)) d += `M${x} ${y}h${s}`;
    if (row === n - 1 || !set.has(c + n)) d += `M${x} ${y + s}h${s}`;
    if (col === 0 || !set.has(c - 1)) d += `M${x} ${y}v${s}`;
    if (col === n - 1 || !set.has(c + 1)) d += `M${x + s} ${y}v${s}`;
  }
  return d;
}

// drawStep draws over the drawing the grid after the path's current step:
// digits placed by the steps (in the solution's blue), the pencil marks of
// the open cells, and the step itself: its cells shaded, the houses it
// names outlined, its placements green and circled, and the candidates
// it removes in red, struck out.
function drawStep() {
  const svg = $('board').querySelector('svg');
  const box = gridBox();
  if (!svg || !box) return;
  const n = path.r.size;
  const { placed, cands } = replay(path.at);
  const st = path.at > 0 ? path.steps[path.at - 1] : null;
  // The step's shading and outlines go under the digits, the pencil
  // marks and placed digits over the drawing.
  const under = svgEl('g', { class: 'explain' });
  const layer = svgEl('g', { class: 'explain' });
  const here = (c) => [Math.floor(c / n), c % n];
  if (st) {
    const shade = svgEl('g', { class: 'step-cells' });
    for (const name of st.cells || []) {
      const [row, col] = here(cellIndex(name, n));
      shade.append(svgEl('rect', {
        x: box.x + col * box.cell, y: box.y + row * box.cell, width: box.cell, height: box.cell, 'data-cell': name,
      }));
    }
    under.append(shade);
    // Houses that cover the whole grid, as the givens step's do, are
    // not outlined: the outlines would be the grid's own lines.
    const houses = svgEl('g', { class: 'houses', 'stroke-width': box.cell * 0.08 });
    const covered = new Set();
    for (const rule of st.rules || []) {
      const cells = houseCells(rule, n);
      if (!cells) continue;
      houses.append(svgEl('path', { d: outline(cells, n, box), 'data-rule': rule.name }));
      for (const c of cells) covered.add(c);
    }
    if (covered.size < n * n) under.append(houses);
  }
  // Pencil marks: the candidates left, and those this step removes.
  const out = new Map();
  for (const f of (st && st.eliminations) || []) {
    const c = cellIndex(f.cell, n);
    if (!out.has(c)) out.set(c, []);
    out.get(c).push(f.digit);
  }
  const marksLayer = svgEl('g', { class: 'pencil' });
  cands.forEach((set, c) => {
    if (!set || placed[c]) return;
    const [row, col] = here(c);
    const g = svgEl('g', { 'data-cell': `r${row + 1}c${col + 1}` });
    for (const d of set) pencil(g, row, col, d, n);
    for (const d of out.get(c) || []) {
      const t = pencil(g, row, col, d, n);
      t.classList.add('out');
      const x = Number(t.getAttribute('x'));
      const y = Number(t.getAttribute('y'));
      const half = Number(t.getAttribute('font-size')) * 0.45;
      g.append(svgEl('line', { class: 'out', x1: x - half, y1: y + half, x2: x + half, y2: y - half }));
    }
    marksLayer.append(g);
  });
  layer.append(marksLayer);
  // Placed digits where the drawing puts its own: the givens' font size,
  // the baseline 0.35 em below the cell's centre.
  const now = new Set(((st && st.placements) || []).map((f) => cellIndex(f.cell, n)));
  const givens = svg.querySelector('g[font-weight="bold"]');
  const size = Number(givens?.getAttribute('font-size')) || box.cell * 0.6;
  const digits = svgEl('g', { class: 'placed', 'font-size': size, 'text-anchor': 'middle' });
  placed.forEach((d, c) => {
    if (!d) return;
    const [row, col] = here(c);
    const x = box.x + (col + 0.5) * box.cell;
    const y = box.y + (row + 0.5) * box.cell;
    const name = `r${row + 1}c${col + 1}`;
    if (now.has(c)) digits.append(svgEl('circle', { cx: x, cy: y, r: box.cell * 0.42, 'stroke-width': box.cell * 0.06, 'data-cell': name }));
    const t = svgEl('text', { x, y: y + 0.35 * size, 'data-cell': name, class: now.has(c) ? 'now' : '' });
    t.textContent = symbol(d, n);
    digits.append(t);
  });
  layer.append(digits);
  for (const old of svg.querySelectorAll('g.explain')) old.remove();
  if (givens) givens.before(under);
  else svg.append(under);
  // Under the cursor, which markCursor appends last.
  const cursorMark = svg.querySelector('g.cursor');
  if (cursorMark) cursorMark.before(layer);
  else svg.append(layer);
}

// stepKey moves through the path with the arrow keys, Home and End, unless
// a form field has them.
function stepKey(e) {
  if (!path || e.ctrlKey || e.metaKey || e.altKey || e.target.closest('input, textarea, select')) return;
  const to = { ArrowLeft: path.at - 1, ArrowRight: path.at + 1, Home: 0, End: path.steps.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  goStep(to);
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
  // A killer cage's sum holds the top of its cell (render marks it): the
  // marks go below it, as f-puzzles and SudokuPad lay them out.
  const top = $('board').querySelector(`svg text.cage-sum[data-cell="r${row + 1}c${col + 1}"]`) ? box.cell * 0.34 : 0;
  const step = box.cell / per;
  const stepY = (box.cell - top) / per;
  const x = box.x + col * box.cell + ((d - 1) % per + 0.5) * step;
  const y = box.y + row * box.cell + top + (Math.floor((d - 1) / per) + 0.5) * stepY;
  const size = Math.min(step * 0.78, stepY * 0.9, box.cell * 0.28); // a 4×4's marks stay small
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

// list writes parts' names, the first dozen of them, and how many more:
// separated by spaces, or by commas when a rule's name, which has spaces,
// is among them (as api.JoinNames does).
function list(parts) {
  const names = parts.map((x) => x.name);
  const sep = names.some((x) => x.includes(' ')) ? ', ' : ' ';
  if (names.length <= 12) return names.join(sep);
  return `${names.slice(0, 12).join(sep)} and ${names.length - 12} more`;
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
  } else if (r.pair) {
    markGivens(r.pair, 'hint', true);
    text = `Not unique: ${many} solutions, and no one of the ${r.tried} givens the solutions allow makes it unique; these two together do: ${list(r.pair)} (marked).`;
  } else {
    // Only the first of the givens tied at the fewest is named and
    // marked: hundreds may tie, counted up to r.ranked past the cap.
    const closest = r.closest || [];
    const upTo = r.ranked || r.limit;
    const left = r.left >= upTo ? `at least ${r.left}` : r.left;
    markGivens(closest.slice(0, 1), 'closest', true);
    text = `Not unique: ${many} solutions, and no one of the ${r.tried} givens the solutions allow makes it unique`;
    if (closest.length === r.tried && r.left >= upTo) text += `; each leaves ${left} solutions.`;
    else if (closest.length > 0) text += `; ${list(closest.slice(0, 1))} (marked)${closest.length > 1 ? ` and ${closest.length - 1} more` : ''} leave${closest.length > 1 ? '' : 's'} the fewest, ${left}.`;
    else text += '.';
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
  // While a solve path is shown, left and right step through it.
  if (path && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) return;
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
    Object.assign(input, { min: 1, max: 10, step: 0.1, value: 3 });
  } else {
    Object.assign(input, { min: 0, max: 160000, step: 1, value: 24 });
  }
}

function wire() {
  const handlers = { solve, count, grade, explain, dimacs, svg, print, generate, candidates, hint, minimal };
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
  const steps = { 'step-first': () => 0, 'step-back': () => path.at - 1, 'step-forward': () => path.at + 1, 'step-last': () => path.steps.length };
  for (const [id, to] of Object.entries(steps)) $(id).addEventListener('click', () => path && goStep(to()));
  $('steps').addEventListener('click', (e) => {
    const li = e.target.closest('li');
    if (li && path) goStep(Number(li.dataset.step));
  });
  document.addEventListener('keydown', stepKey);
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
