// The page's controls. Every answer, and every message about bad input,
// comes from sudokusat's Go packages running in worker.js: this file only
// moves text between the page and the worker and shows the replies.

const $ = (id) => document.getElementById(id);

// Solver runs the Go operations in a worker, one at a time. Go compiled to
// WebAssembly cannot be interrupted, so an operation that runs past its
// time limit, or that is stopped, ends the worker and a fresh one starts.
class Solver {
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
          this.goVersion = m.goVersion;
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

const actions = ['solve', 'count', 'grade', 'dimacs', 'svg', 'print', 'generate'];
const solver = new Solver((busy) => {
  for (const id of actions) $(id).disabled = busy;
  $('stop').hidden = !busy;
  document.body.dataset.busy = busy;
});

let drawing = ''; // the SVG shown, for download and print
let previewTimer = 0; // the drawing as typed, due once typing pauses

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

function show(svg, solution) {
  drawing = svg || '';
  $('board').innerHTML = drawing;
  $('solution').textContent = solution || '';
}

function duration(us) {
  if (us < 1000) return `${(us / 1000).toFixed(2)} ms`;
  if (us < 1e6) return `${(us / 1000).toFixed(1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

function engineName(r) {
  return r.engine === 'sat' ? `gophersat, ${r.encoding} encoding` : 'native';
}

function limitMs() {
  const s = Number($('timeout').value);
  return s > 0 ? s * 1000 : 0;
}

function request(extra) {
  return {
    puzzle: $('puzzle').value,
    engine: document.querySelector('input[name=engine]:checked').value,
    encoding: $('encoding').value,
    cellSize: 40,
    ...extra,
  };
}

// run calls op and shows a failed reply's message, which is the command
// line's; it returns the reply when it succeeded, else null.
async function run(op, extra) {
  clearTimeout(previewTimer); // its answer would overwrite this one's
  setStatus('Working…', 'busy');
  const r = await solver.call(op, request(extra), limitMs());
  if (r.message) {
    setStatus(r.message, 'error');
    log(r.message);
    if (r.svg) show(r.svg);
    return null;
  }
  return r;
}

async function solve() {
  const r = await run('solve');
  if (!r) return;
  show(r.svg, r.solution);
  const text = `Solved in ${duration(r.us)} (${engineName(r)}).`;
  setStatus(text, 'ok');
  log(`${r.size}×${r.size}, ${r.givens} givens: solved in ${duration(r.us)} (${engineName(r)})`);
}

async function count() {
  const r = await run('count', { limit: 2 });
  if (!r) return;
  const what = r.count === 0 ? 'No solution.'
    : r.count === 1 ? 'Unique: exactly one solution.'
      : `Not unique: at least ${r.count} solutions.`;
  setStatus(`${what} Counted in ${duration(r.us)} (${engineName(r)}).`, r.count === 1 ? 'ok' : 'error');
  log(`count ${r.text} in ${duration(r.us)} (${engineName(r)})`);
}

async function grade() {
  const r = await run('grade');
  if (!r) return;
  const guesses = r.guesses ? `, ${r.guesses} guesses` : '';
  setStatus(`Grade ${r.score.toFixed(1)}: the hardest technique needed is ${r.hardest}${guesses}.`, 'ok');
  log(`grade ${r.text}`);
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

// drawn makes sure a drawing is shown, rendering the puzzle if need be.
async function drawn() {
  if (drawing) return true;
  const r = await run('render');
  if (!r) return false;
  show(r.svg);
  return true;
}

async function svg() {
  if (!(await drawn())) return;
  download('sudoku.svg', 'image/svg+xml', drawing);
  setStatus('Drawing saved as sudoku.svg.', 'ok');
}

async function print() {
  if (!(await drawn())) return;
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
  show(r.svg);
  let text = `Generated a ${r.size}×${r.size} puzzle with ${r.givens} givens in ${duration(r.us)}, proved unique by the native count and gophersat`;
  if (r.hardest) text += `; grade ${r.score.toFixed(1)} (${r.hardest})`;
  if (!r.reached) text += '; the target was not reached, this is the closest found';
  setStatus(`${text}.`, 'ok');
  log(`generated ${r.size}×${r.size}, ${r.givens} givens, seed ${r.seed}`);
}

// A drawing of the puzzle as it is typed: the replies of render, with its
// message shown quietly while the text is not yet a puzzle.
function preview() {
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
      show('');
      setStatus(r.message, 'hint');
      return;
    }
    show(r.svg);
    setStatus(`${r.size}×${r.size}, ${r.givens} givens.`, 'hint');
  }, 200);
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
  const handlers = { solve, count, grade, dimacs, svg, print, generate };
  for (const [id, fn] of Object.entries(handlers)) $(id).addEventListener('click', fn);
  $('stop').addEventListener('click', () => solver.abort({ status: 'stopped', message: 'stopped: the search was ended' }));
  $('puzzle').addEventListener('input', preview);
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
    preview();
  });
  $('clear').addEventListener('click', () => {
    $('puzzle').value = '';
    preview();
    $('puzzle').focus();
  });
  $('target').addEventListener('change', targetChanged);
}

wire();
solver.ready.then(
  () => {
    setStatus('Ready: type or paste a puzzle, or generate one.', 'hint');
    $('version').textContent = `WebAssembly built with ${solver.goVersion}.`;
    document.body.dataset.ready = 'true';
  },
  (err) => setStatus(`error: the WebAssembly solver did not start: ${err.message}`, 'error'),
);
