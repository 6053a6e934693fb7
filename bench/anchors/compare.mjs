#!/usr/bin/env node
// compare.mjs: sudokusat against the JavaScript anchors, side by side in one
// run: dclamage/SudokuVariantSolverJS ("svs") and sigh/Interactive-Sudoku-
// Solver ("iss"). See README.md beside this file.
//
//   node bench/anchors/compare.mjs --dir /work/anchors-build [options] [puzzle files...]
//
// Nothing of the anchors enters the repository: their sources, their
// node_modules, their builds and the puzzles written out for this run all live
// under --dir, which must lie outside the repository.

import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..', '..');

const DEFAULT_SRC = {
  svs: 'https://github.com/dclamage/SudokuVariantSolverJS.git',
  iss: 'https://github.com/sigh/Interactive-Sudoku-Solver.git',
};
const NAMES = {
  svs: 'SudokuVariantSolverJS',
  iss: 'Interactive-Sudoku-Solver',
};

function usage(code) {
  console.log(`usage: node bench/anchors/compare.mjs --dir DIR [options] [FILE...]

FILE: f-puzzles documents (.json: one puzzle, or an array of entries with a
"puzzle" (lz-string base64) or "link" field) or text files of f-puzzles links.
Default: testdata/variants/*.json and testdata/variants/published/*.json.

  --dir DIR        work directory outside the repository (or $SUDOKUSAT_ANCHORS_DIR)
  --svs SRC        SudokuVariantSolverJS source: git URL, git directory or plain directory
                   (default ${DEFAULT_SRC.svs}; $SUDOKUSAT_SVS_SRC)
  --iss SRC        Interactive-Sudoku-Solver source, likewise ($SUDOKUSAT_ISS_SRC)
  --sudokusat BIN  the sudokusat binary (default: go build into DIR)
  --solvers LIST   anchors to run: svs,iss (default both)
  --engines LIST   sudokusat engines: search,sat (default both)
  -k N             best of N runs per puzzle and solver (default 3)
  --timeout SEC    give up on a puzzle after SEC seconds per run (default 60)
  --refresh        fetch and build the anchors again even if DIR has them
  --svs-timer-floor  keep Node's 1 ms floor on SudokuVariantSolverJS's setTimeout(0)
  --json FILE      also write every measurement as JSON`);
  process.exit(code);
}

function parseArgs(argv) {
  const a = {
    dir: process.env.SUDOKUSAT_ANCHORS_DIR || '',
    svs: process.env.SUDOKUSAT_SVS_SRC || DEFAULT_SRC.svs,
    iss: process.env.SUDOKUSAT_ISS_SRC || DEFAULT_SRC.iss,
    sudokusat: '', solvers: ['svs', 'iss'], engines: ['search', 'sat'],
    k: 3, timeout: 60, refresh: false, timerFloor: false, json: '', files: [],
    worker: '', from: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) { console.error(`${arg} needs a value`); usage(2); }
      return argv[++i];
    };
    switch (arg) {
      case '--dir': a.dir = next(); break;
      case '--svs': a.svs = next(); break;
      case '--iss': a.iss = next(); break;
      case '--sudokusat': a.sudokusat = next(); break;
      case '--solvers': a.solvers = next().split(',').filter(Boolean); break;
      case '--engines': a.engines = next().split(',').filter(Boolean); break;
      case '-k': a.k = Math.max(1, parseInt(next(), 10)); break;
      case '--timeout': a.timeout = parseFloat(next()); break;
      case '--refresh': a.refresh = true; break;
      case '--svs-timer-floor': a.timerFloor = true; break;
      case '--json': a.json = next(); break;
      case '--worker': a.worker = next(); break;
      case '--from': a.from = parseInt(next(), 10); break;
      case '-h': case '--help': usage(0); break;
      default:
        if (arg.startsWith('-')) { console.error(`unknown flag ${arg}`); usage(2); }
        a.files.push(arg);
    }
  }
  for (const s of a.solvers) if (!NAMES[s]) { console.error(`unknown solver ${s}`); usage(2); }
  return a;
}

const log = (...m) => console.error('compare:', ...m);

function run(cmd, args, opts = {}) {
  log([cmd, ...args].join(' '), opts.cwd ? `(in ${opts.cwd})` : '');
  const r = spawnSync(cmd, args, { stdio: ['ignore', 2, 2], ...opts }); // keep stdout for the table
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

function checkOutside(dir) {
  const d = path.resolve(dir);
  const rel = path.relative(REPO, d);
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
    throw new Error(`--dir ${dir} is inside the repository; give a directory outside it`);
  }
  return d;
}

// Bring a source into dest: clone a git URL or git directory, copy a plain tree.
function fetchSource(src, dest) {
  fs.rmSync(dest, { recursive: true, force: true });
  const isDir = fs.existsSync(src) && fs.statSync(src).isDirectory();
  const isGitDir = isDir && (fs.existsSync(path.join(src, 'HEAD')) && fs.existsSync(path.join(src, 'objects')));
  if (!isDir || isGitDir || fs.existsSync(path.join(src, '.git'))) {
    run('git', ['clone', '--quiet', '--depth', '1', isDir ? pathToFileURL(path.resolve(src)).href : src, dest]);
  } else {
    fs.cpSync(src, dest, { recursive: true, filter: (p) => !p.includes(`${path.sep}node_modules`) });
  }
}

function commitOf(dir) {
  try { return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(); } catch { return 'unknown'; }
}

// setup: the anchors built under dir, lz-string for reading links, sudokusat.
function setup(a, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const svsDir = path.join(dir, 'svs');
  const issDir = path.join(dir, 'iss');
  if (a.solvers.includes('svs') && (a.refresh || !fs.existsSync(path.join(svsDir, 'dist', 'bundle.js')))) {
    fetchSource(a.svs, svsDir);
    run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: svsDir });
    run('npm', ['run', 'build'], { cwd: svsDir });
  }
  if (a.solvers.includes('iss') && (a.refresh || !fs.existsSync(path.join(issDir, 'js', 'sandbox', 'simple_solver.js')))) {
    // ISS is plain ES modules: nothing to build, and its npm dependencies are
    // test tools only.
    fetchSource(a.iss, issDir);
  }
  const tools = path.join(dir, 'tools');
  if (!fs.existsSync(path.join(tools, 'node_modules', 'lz-string'))) {
    fs.mkdirSync(tools, { recursive: true });
    run('npm', ['install', '--no-audit', '--no-fund', '--prefix', tools, 'lz-string@1.5.0']);
  }
  let bin = a.sudokusat;
  if (!bin) {
    bin = path.join(dir, 'sudokusat');
    run('go', ['build', '-o', bin, './cmd/sudokusat'], { cwd: REPO });
  }
  return { svsDir, issDir, tools, bin };
}

// Puzzles: [{name, doc}] in the order given.
function loadPuzzles(files, tools) {
  const lz = createRequire(path.join(tools, 'x.js'))('lz-string');
  const fromLink = (s) => {
    const m = /[?&]load=([^&\s]+)/.exec(s);
    const data = decodeURIComponent(m ? m[1] : s.trim());
    const text = lz.decompressFromBase64(data);
    if (!text) throw new Error('not an f-puzzles link');
    return JSON.parse(text);
  };
  const puzzles = [];
  for (const f of files) {
    const rel = path.relative(REPO, path.resolve(f));
    const base = rel.startsWith('..') ? f : rel;
    const text = fs.readFileSync(f, 'utf8');
    if (f.endsWith('.json')) {
      const v = JSON.parse(text);
      if (!Array.isArray(v)) { puzzles.push({ name: path.basename(f, '.json'), file: base, doc: v }); continue; }
      v.forEach((e, i) => {
        const name = `${path.basename(f, '.json')}#${i + 1} ${e.title || ''}`.trim();
        try {
          puzzles.push({ name, file: base, doc: fromLink(e.puzzle || e.link) });
        } catch (err) {
          puzzles.push({ name, file: base, doc: null, error: err.message });
        }
      });
    } else {
      text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).forEach((l, i) => {
        const name = `${path.basename(f)}#${i + 1}`;
        try { puzzles.push({ name, file: base, doc: fromLink(l) }); } catch (err) { puzzles.push({ name, file: base, doc: null, error: err.message }); }
      });
    }
  }
  return puzzles;
}

// sudokusat: k passes over every puzzle, one puzzle at a time, best "us" kept.
// count exits 1 when a puzzle is not counted (refused, invalid, timed out):
// its record says so and the others stand; any other failure is the run's.
export function runSudokusat(bin, engine, files, k, timeout) {
  const res = files.map(() => ({ status: 'unread', ms: Infinity }));
  for (let pass = 0; pass < k; pass++) {
    const args = ['count', '--format', 'json', '--engine', engine, '--workers', '1', '--quiet', '--timeout', `${timeout}s`, ...files];
    const run = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
    if (run.error || (run.status !== 0 && run.status !== 1)) {
      const why = run.error ? run.error.message : `exit ${run.status ?? run.signal}: ${run.stderr.trim().split('\n').pop()}`;
      throw new Error(`${bin} ${args.slice(0, 3).join(' ')} …: ${why}`);
    }
    const recs = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    recs.forEach((r) => {
      const x = res[r.index - 1]; // one puzzle a file, numbered from 1
      if (!x) return;
      if (r.status === 'counted') {
        x.status = 'ok';
        x.count = r.at_least ? `≥${r.count}` : String(r.count);
        x.ms = Math.min(x.ms, r.us / 1000);
        delete x.note;
      } else if (x.status !== 'ok') {
        x.status = r.status === 'timeout' ? 'timeout' : 'unread';
        x.note = r.error || r.status;
      }
    });
  }
  return res;
}

// One Node process per anchor; it prints one JSON line per puzzle. A puzzle
// that outruns the timeout has its process killed; a new one goes on from the
// next puzzle.
async function runAnchor(a, solver, env, manifest, n) {
  const res = new Array(n);
  let from = 0;
  while (from < n) {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--worker', solver, '--dir', env.dir,
      '-k', String(a.k), '--from', String(from), ...(a.timerFloor ? ['--svs-timer-floor'] : []), manifest],
    { stdio: ['ignore', 'pipe', 'inherit'] });
    let current = from;
    let timer = null;
    const arm = () => { clearTimeout(timer); timer = setTimeout(() => child.kill('SIGKILL'), a.timeout * a.k * 1000 + 5000); };
    arm();
    const rl = readline.createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      let m;
      try { m = JSON.parse(line); } catch { return; }
      if (m.start !== undefined) { current = m.start; arm(); return; }
      res[m.i] = m;
      current = m.i + 1;
      arm();
    });
    await new Promise((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    if (current < n && !res[current]) {
      res[current] = { i: current, status: 'timeout', note: `over ${a.timeout} s` };
      current++;
    }
    from = current;
  }
  return res;
}

// ---------------------------------------------------------------- workers

async function worker(a) {
  const dir = checkOutside(a.dir);
  const manifest = JSON.parse(fs.readFileSync(a.files[0], 'utf8'));
  const docs = manifest.map((p) => p.doc);
  const emit = (m) => process.stdout.write(JSON.stringify(m) + '\n');
  globalThis.self = globalThis;
  globalThis.VERSION_PARAM = '';
  let count; // (doc) => Promise<{count} | {unread}>
  if (a.worker === 'svs') {
    if (!a.timerFloor) {
      // The solver yields once per count with setTimeout(0), which Node never
      // runs sooner than 1 ms later: run such timers as immediates, so the
      // floor is not counted as solver time.
      const st = globalThis.setTimeout;
      globalThis.setTimeout = (fn, ms, ...args) => (ms ? st(fn, ms, ...args) : setImmediate(fn, ...args));
    }
    const mod = createRequire(path.join(dir, 'svs', 'x.js'))('./dist/bundle.js');
    const Solver = mod.default || mod;
    let last = null;
    const s = new Solver((r) => { last = r; });
    const known = new Set([...s.constraintBuilder.constraintNames, ...s.constraintBuilder.booleanConstraintNames,
      'xv', 'sum', 'difference', 'ratio', 'negative']);
    const noRule = new Set(['size', 'grid', 'title', 'author', 'ruleset', 'solution', 'successMessage',
      'truecandidatesoptions', 'disabledlogic', 'line', 'circle', 'rectangle', 'text', 'fogofwar', 'foglight',
      'highlightConflicts']);
    count = async (doc) => {
      // The solver skips keys it does not know without a word; such a puzzle
      // is listed as unread instead of counted as another puzzle.
      // A cage is a rule only with a label that is not a message (f-puzzles
      // draws cages for other constraints, and "msg..." labels are messages).
      const rule = (k, v) => (k !== 'cage' ? true
        : v.some((e) => e.value !== undefined && e.value !== null && String(e.value).trim() !== '' && !String(e.value).startsWith('msg')));
      const ignored = Object.entries(doc).filter(([k, v]) => !noRule.has(k) && !known.has(k) &&
        v !== false && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0) && rule(k, v)).map(([k]) => k);
      if (ignored.length) return { unread: `ignores ${ignored.join(', ')}` };
      const board = structuredClone(doc); // createBoard writes regions into it
      last = null;
      const t = performance.now();
      await s.countSolutions({ board, options: { maxSolutions: 2 } });
      const ms = performance.now() - t;
      if (!last || last.result === 'invalid') return { count: '0', ms, note: 'invalid board' };
      if (last.result !== 'count') return { unread: `answered ${last.result}` };
      return { count: last.count >= 2 ? '≥2' : String(last.count), ms };
    };
  } else if (a.worker === 'iss') {
    const { SimpleSolver } = await import(pathToFileURL(path.join(dir, 'iss', 'js', 'sandbox', 'simple_solver.js')).href);
    const { fpuzzlesToISS } = await import(pathToFileURL(path.join(HERE, 'fpuzzles_to_iss.mjs')).href);
    const s = new SimpleSolver();
    const texts = new Map();
    count = async (doc) => {
      if (!texts.has(doc)) texts.set(doc, fpuzzlesToISS(doc));
      const { text, unsupported } = texts.get(doc);
      if (unsupported.length) return { unread: `no ISS form for ${[...new Set(unsupported)].join(', ')}` };
      const t = performance.now();
      const n = s.countSolutions(text, 2); // parse, build and count, as SVS's countSolutions does
      const ms = performance.now() - t;
      return { count: n >= 2 ? '≥2' : String(n), ms };
    };
  } else throw new Error(`unknown worker ${a.worker}`);

  for (let i = a.from; i < docs.length; i++) {
    emit({ start: i });
    if (!docs[i]) { emit({ i, status: 'unread', note: 'not read' }); continue; }
    let best = Infinity;
    let m = null;
    try {
      for (let r = 0; r < a.k; r++) {
        m = await count(docs[i]);
        if (m.unread) break;
        best = Math.min(best, m.ms);
      }
      if (m.unread) emit({ i, status: 'unread', note: m.unread });
      else emit({ i, status: 'ok', count: m.count, ms: best, note: m.note });
    } catch (e) {
      emit({ i, status: 'unread', note: String(e?.message || e).split('\n')[0].slice(0, 120) });
    }
  }
}

// ---------------------------------------------------------------- report

const fmt = (ms) => (ms === undefined || !isFinite(ms) ? '—' : ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const fmtR = (r) => (r === undefined || !isFinite(r) ? '—' : r >= 10 ? r.toFixed(1) : r.toFixed(2));
const geo = (xs) => (xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : NaN);

function report(puzzles, results, a, meta) {
  const cols = [...a.engines.map((e) => `sudokusat/${e}`), ...a.solvers];
  const label = (c) => (NAMES[c] ? c : c);
  const lines = [];
  lines.push(`| # | puzzle | ${cols.map((c) => `${label(c)} count`).join(' | ')} | ${cols.map((c) => `${label(c)} ms`).join(' | ')} | ` +
    `${a.engines.map((e) => `${e}/faster anchor`).join(' | ')} |`);
  lines.push(`|---:|---|${cols.map(() => ':-:').join('|')}|${cols.map(() => '---:').join('|')}|${a.engines.map(() => '---:').join('|')}|`);
  const ratios = {}; // engine -> anchor|'faster' -> [ratios]
  for (const e of a.engines) { ratios[e] = { faster: [] }; for (const s of a.solvers) ratios[e][s] = []; }
  const disagreements = [];
  const unread = {};
  for (const c of cols) unread[c] = [];
  puzzles.forEach((p, i) => {
    const r = Object.fromEntries(cols.map((c) => [c, results[c][i]]));
    const counts = new Set(cols.filter((c) => r[c]?.status === 'ok').map((c) => r[c].count));
    const disagree = counts.size > 1;
    if (disagree) disagreements.push({ i, name: p.name, counts: Object.fromEntries(cols.map((c) => [c, r[c]?.status === 'ok' ? r[c].count : r[c]?.status])) });
    for (const c of cols) if (r[c]?.status !== 'ok') unread[c].push(`${p.name}: ${r[c]?.status}${r[c]?.note ? ` (${r[c].note})` : ''}`);
    const anchorOk = a.solvers.filter((s) => r[s]?.status === 'ok');
    const fastest = anchorOk.length ? Math.min(...anchorOk.map((s) => r[s].ms)) : undefined;
    const rat = a.engines.map((e) => {
      if (r[`sudokusat/${e}`]?.status !== 'ok' || disagree) return undefined;
      const us = r[`sudokusat/${e}`].ms;
      for (const s of anchorOk) ratios[e][s].push(us / r[s].ms);
      if (fastest !== undefined) { ratios[e].faster.push(us / fastest); return us / fastest; }
      return undefined;
    });
    const cnt = cols.map((c) => (r[c]?.status === 'ok' ? r[c].count : r[c]?.status === 'timeout' ? 'timeout' : 'unread'));
    lines.push(`| ${i + 1} | ${p.name}${disagree ? ' **DISAGREE**' : ''} | ${cnt.join(' | ')} | ` +
      `${cols.map((c) => (r[c]?.status === 'ok' ? fmt(r[c].ms) : '—')).join(' | ')} | ${rat.map(fmtR).join(' | ')} |`);
  });
  const summary = [];
  summary.push('', '| sudokusat engine | against | puzzles | geometric mean ratio | worst ratio (puzzle) |', '|---|---|---:|---:|---|');
  for (const e of a.engines) {
    for (const s of [...a.solvers, 'faster']) {
      const xs = ratios[e][s];
      let worst = '—';
      if (xs.length) {
        // Find the puzzle of the worst ratio again for the label.
        let wi = -1; let wv = -Infinity;
        puzzles.forEach((p, i) => {
          const mine = results[`sudokusat/${e}`][i];
          if (mine?.status !== 'ok') return;
          const cand = s === 'faster' ? a.solvers.filter((x) => results[x][i]?.status === 'ok') : [s].filter((x) => results[x][i]?.status === 'ok');
          if (!cand.length || disagreements.some((d) => d.i === i)) return;
          const v = mine.ms / Math.min(...cand.map((x) => results[x][i].ms));
          if (v > wv) { wv = v; wi = i; }
        });
        worst = `${fmtR(wv)} (${puzzles[wi].name})`;
      }
      summary.push(`| ${e} | ${s === 'faster' ? 'the faster anchor' : NAMES[s]} | ${xs.length} | ${fmtR(geo(xs))} | ${worst} |`);
    }
  }
  const notes = [];
  notes.push('', `Times are milliseconds per puzzle, best of ${a.k}; a ratio is sudokusat's time over the anchor's (below 1: sudokusat is faster).`);
  notes.push(`Anchors: ${a.solvers.map((s) => `${NAMES[s]} at ${meta.commits[s]}`).join('; ')}. Node ${process.version}.`);
  if (disagreements.length) {
    notes.push('', '**COUNT DISAGREEMENTS** (no ratio is taken on these puzzles):');
    for (const d of disagreements) notes.push(`- ${d.name}: ${Object.entries(d.counts).map(([c, v]) => `${c} ${v}`).join(', ')}`);
  } else notes.push('', 'Every count agrees where two or more solvers read the puzzle.');
  for (const c of cols) {
    if (!unread[c].length) continue;
    notes.push('', `Not counted by ${NAMES[c] || c} (${unread[c].length}):`);
    for (const u of unread[c]) notes.push(`- ${u}`);
  }
  return { table: lines.join('\n'), summary: summary.join('\n'), notes: notes.join('\n'), disagreements };
}

// ---------------------------------------------------------------- main

async function main() {
  const a = parseArgs(process.argv.slice(2));
  if (a.worker) return worker(a);
  if (!a.dir) { console.error('--dir (or $SUDOKUSAT_ANCHORS_DIR) is required'); usage(2); }
  const dir = checkOutside(a.dir);
  const env = { dir, ...setup(a, dir) };
  if (!a.files.length) {
    const v = path.join(REPO, 'testdata', 'variants');
    a.files = [
      ...fs.readdirSync(v).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(v, f)),
      ...fs.readdirSync(path.join(v, 'published')).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(v, 'published', f)),
    ];
  }
  const puzzles = loadPuzzles(a.files, env.tools);
  log(`${puzzles.length} puzzles`);
  const pdir = path.join(dir, 'puzzles');
  fs.rmSync(pdir, { recursive: true, force: true });
  fs.mkdirSync(pdir, { recursive: true });
  const files = puzzles.map((p, i) => {
    const f = path.join(pdir, `${String(i + 1).padStart(3, '0')}.json`);
    fs.writeFileSync(f, JSON.stringify(p.doc ?? {}));
    return f;
  });
  const manifest = path.join(dir, 'manifest.json');
  fs.writeFileSync(manifest, JSON.stringify(puzzles.map((p) => ({ name: p.name, doc: p.doc }))));

  const results = {};
  for (const e of a.engines) {
    log(`sudokusat --engine ${e}`);
    results[`sudokusat/${e}`] = runSudokusat(env.bin, e, files, a.k, a.timeout);
  }
  for (const s of a.solvers) {
    log(NAMES[s]);
    results[s] = await runAnchor(a, s, env, manifest, puzzles.length);
  }
  const meta = { commits: { svs: commitOf(env.svsDir), iss: commitOf(env.issDir) } };
  const rep = report(puzzles, results, a, meta);
  console.log(rep.table);
  console.log(rep.summary);
  console.log(rep.notes);
  if (a.json) fs.writeFileSync(a.json, JSON.stringify({ puzzles: puzzles.map((p) => p.name), results, meta }, null, 1));
  if (rep.disagreements.length) {
    console.error(`compare: ${rep.disagreements.length} COUNT DISAGREEMENT(S): see the notes`);
    process.exitCode = 3;
  }
}

// Run as a script, not when a test imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => { console.error('compare:', e.message); process.exit(1); });
}
