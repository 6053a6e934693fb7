// The browser test of the web page, run by TestBrowser in cmd/sudokusat,
// which starts "sudokusat serve" and checks what this script reports.
//
// It drives Debian's chromium with playwright-core: pastes a hard puzzle,
// solves it with both engines, reads the grid drawn, checks uniqueness,
// downloads the DIMACS, picks the variant example (an f-puzzles link),
// solves it with both engines and counts a variant with several
// solutions, tries a bad puzzle (its clashing cells marked) and
// one that runs past the time limit, types on the grid, asks the setter's
// questions (candidates, make unique, minimal, and Minimal's progress
// while it works on a 9×9 killer), generates a puzzle,
// explains the 17-clue and the Miracle examples (stepping through their
// paths) and a path stuck at a rating, solves and explains on a
// phone-sized screen, and keeps screenshots and a printed PDF in the
// artifact folder. Its last line is
// "RESULT " and a JSON record of what the page showed.
//
// Environment: SUDOKUSAT_URL (the page), CHROMIUM (the browser binary),
// ARTIFACTS (a folder to write into).
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const url = process.env.SUDOKUSAT_URL;
const executablePath = process.env.CHROMIUM;
const artifacts = process.env.ARTIFACTS;
assert.ok(url && executablePath && artifacts, 'set SUDOKUSAT_URL, CHROMIUM and ARTIFACTS');
const origin = new URL(url).origin;

const inkala = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const clash = '44.1\n....\n....\n....\n';
const four = '.2.1........4.2.';
// A 4×4 variant with both diagonals and no givens: many solutions.
// A 4×4 with a line and a text that are no rule: solved, with a warning.
const unread4 = '{"size":4,"grid":[[{},{},{},{}],[{"value":3,"given":true},{},{"value":1,"given":true},{}],[{},{},{},{}],[{},{},{},{}]],"line":[{"lines":[["R1C1","R1C2"]]}],"text":[{"cells":["R4C4"],"value":"a thermometer"}]}';
const diagonals4 = '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true,"diagonal-":true}';
// The setter's puzzles: 4×4s with six solutions, with one, with none (no
// clash among the givens), and a thermometer that its given breaks.
const setterSeveral = '1234........2...';
const setterUnique = '32.1........4.2.'; // r1c1=3 is one given too many
const setterConflict = '......34...23...';
const thermoConflict = '{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C2","R1C1"]]}]}';

// A 9×9 killer, its 29 cages with their sums.
const killer9 = await readFile(new URL('../../testdata/variants/killer-9.json', import.meta.url), 'utf8');
// cageLayout runs in the page: the killer's drawing, its cage outlines
// (one dashed path a cage, not a dashed box a cell) and cage sums, and the
// pencil marks that meet a cage sum's box.
const cageLayout = () => {
  const svg = document.querySelector('#board svg');
  const sums = [...svg.querySelectorAll('text.cage-sum')].map((t) => t.getBoundingClientRect());
  const marks = [...svg.querySelectorAll('g.marks text')].map((t) => t.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return {
    outlines: svg.querySelectorAll('path[stroke-dasharray]').length,
    dashedLines: svg.querySelectorAll('line[stroke-dasharray], g[stroke-dasharray] line').length,
    sums: sums.length,
    marks: marks.length,
    overlaps: sums.reduce((k, s) => k + marks.filter((m) => meet(s, m)).length, 0),
  };
};
// killerCandidates shows the killer's candidates on page p and returns
// its cage layout, with a screenshot of the board as shot.
const killerCandidates = async (p, shot, tap) => {
  await p.fill('#puzzle', killer9);
  await p.waitForFunction(() => document.querySelectorAll('#board svg text.cage-sum').length > 0);
  await (tap ? p.locator('#candidates').tap() : p.click('#candidates'));
  await p.waitForFunction(() => /^Candidates: /.test(document.getElementById('status').textContent));
  await p.locator('#board').screenshot({ path: join(artifacts, shot) });
  result.screenshots.push(shot);
  return { status: await p.textContent('#status'), ...await p.evaluate(cageLayout) };
};

// minimalProgress asks Minimal of the 9×9 killer on page p with
// gophersat (77 counts, seconds: the search takes half a second, which a
// fast machine could finish between two progress reports) and returns
// every status the page showed while it worked, and the last, with a
// screenshot, as shot, taken once the status says how far it has got.
const minimalProgress = async (p, shot, tap) => {
  await p.check('input[name=engine][value=sat]');
  await p.fill('#puzzle', killer9);
  await p.waitForFunction(() => document.querySelectorAll('#board svg text.cage-sum').length > 0);
  await p.evaluate(() => {
    const s = document.getElementById('status');
    window.statusSeen = [];
    new MutationObserver(() => window.statusSeen.push(s.textContent)).observe(s, { childList: true, characterData: true, subtree: true });
  });
  await (tap ? p.locator('#minimal').tap() : p.click('#minimal'));
  await p.waitForFunction(() => /^Minimal: \d+ of \d+ /.test(document.getElementById('status').textContent), null, { timeout: 120000 });
  await p.screenshot({ path: join(artifacts, shot) });
  result.screenshots.push(shot);
  await p.waitForSelector('#status:is(.ok, .error)', { timeout: 120000 });
  return { seen: await p.evaluate(() => window.statusSeen), status: await p.textContent('#status') };
};

await mkdir(artifacts, { recursive: true });
const step = (what) => console.log(`${new Date().toISOString().slice(11, 23)} ${what}`);

// These flags keep Chromium off the network (its background services would
// try Google's hosts) and working as root in a container; playwright-core
// gives it a fresh profile directory of its own.
const browser = await chromium.launch({
  executablePath,
  headless: true,
  timeout: 30000,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const result = { requests: [], failed: [], errors: [], screenshots: [] };
// Chrome logs every answer over 399 as a console error that does not name
// the URL: those are recorded here instead, as "HEAD URL 404", and the test
// checks them.
const failedLoad = /^Failed to load resource: the server responded with a status of \d+/;
const watch = (p, name) => {
  p.on('pageerror', (e) => result.errors.push(`${name}page: ${e.message}`));
  p.on('console', (m) => { if (m.type() === 'error' && !failedLoad.test(m.text())) result.errors.push(`${name}console: ${m.text()}`); });
  p.on('response', (r) => { if (r.status() >= 400) result.failed.push(`${r.request().method()} ${r.url()} ${r.status()}`); });
  p.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') result.errors.push(`${name}worker: ${m.text()}`); }));
};
// splitLabels runs in the page: it returns the text of each radio button's
// or checkbox's label that is not on the line of its box.
const splitLabels = () => [...document.querySelectorAll('label:has(input[type=radio]), label:has(input[type=checkbox])')]
  .filter((label) => {
    const box = label.querySelector('input').getBoundingClientRect();
    const mid = box.top + box.height / 2;
    const texts = [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    return texts.some((t) => {
      const range = document.createRange();
      range.selectNodeContents(t);
      return [...range.getClientRects()].some((r) => Math.abs(r.top + r.height / 2 - mid) > box.height);
    });
  })
  .map((label) => label.textContent.trim());

// gridDrawn runs in the page: the digit drawn big in each cell of the n×n
// drawing (a given, or one a solve path placed), "." for none, row by row:
// each text is put in the cell its position falls in, pencil marks left
// out.
const gridDrawn = (n) => {
  const frame = document.querySelector('#board svg rect[fill="none"]');
  const x0 = Number(frame.getAttribute('x'));
  const y0 = Number(frame.getAttribute('y'));
  const cell = Number(frame.getAttribute('width')) / n;
  const cells = Array(n * n).fill('.');
  for (const t of document.querySelectorAll('#board svg text')) {
    if (t.closest('g.pencil')) continue;
    const row = Math.floor((Number(t.getAttribute('y')) - y0) / cell);
    const col = Math.floor((Number(t.getAttribute('x')) - x0) / cell);
    if (row >= 0 && col >= 0 && row < n && col < n) cells[row * n + col] = t.textContent;
  }
  return cells.join('');
};

// stepShown runs in the page: what it shows of the solve path's current
// step on an n×n grid: the step's text, the steps listed and the one marked current
// (and whether it is within the list's visible box), the cells shaded,
// the digits circled as placed by it and the pencil marks struck out by
// it ("r1c2=3"), how many pencil marks are left, and whether Forward can
// be pressed.
const stepShown = (n) => {
  const list = document.getElementById('steps');
  const current = [...list.querySelectorAll('li[aria-current="step"]')];
  const box = list.getBoundingClientRect();
  const at = current[0]?.getBoundingClientRect();
  return {
    text: document.getElementById('step-text').textContent,
    listed: list.children.length,
    current: current.map((li) => li.dataset.step),
    currentInList: at ? at.top >= box.top - 1 && at.bottom <= box.bottom + 1 : null,
    cells: [...document.querySelectorAll('#board g.step-cells rect')].map((r) => r.dataset.cell),
    // Each house outlined, by name, and the cells its outline spans,
    // "box 8=r7-9c4-6".
    houses: [...document.querySelectorAll('#board g.houses path')].map((path) => {
      const frame = document.querySelector('#board svg rect[fill="none"]');
      const cell = Number(frame.getAttribute('width')) / n;
      const b = path.getBBox();
      const at = (v, o) => Math.round((v - Number(frame.getAttribute(o))) / cell);
      return `${path.dataset.rule}=r${at(b.y, 'y') + 1}-${at(b.y + b.height, 'y')}c${at(b.x, 'x') + 1}-${at(b.x + b.width, 'x')}`;
    }),
    placed: [...document.querySelectorAll('#board g.placed text.now')].map((t) => `${t.dataset.cell}=${t.textContent}`),
    struck: [...document.querySelectorAll('#board g.pencil text.out')].map((t) => `${t.parentNode.dataset.cell}=${t.textContent}`),
    marks: document.querySelectorAll('#board g.pencil text:not(.out)').length,
    forward: !document.getElementById('step-forward').disabled,
  };
};

// explainExample picks an example on page p, presses Explain and steps
// through the path: forward twice with the button and once with the
// arrow key (step 3), step 5 clicked in the list, back with the arrow
// key, Home, and Last. It returns what the page showed, saving a
// screenshot at step 3 as shot.
const explainExample = async (p, label, shot, n = 9) => {
  // The engine that is fast on the puzzle: native, or the search for a
  // variant.
  await p.check('input[name=engine][value=""]');
  await p.selectOption('#example', { label });
  const r = { puzzle: await p.inputValue('#puzzle') };
  // Explain sets the status to "Working…" as it is clicked: the answer is
  // the next status with a verdict.
  await p.click('#explain');
  await p.waitForSelector('#status:is(.ok, .warn, .error)', { timeout: 120000 });
  r.status = await p.textContent('#status');
  r.start = await p.evaluate(stepShown, n);
  await p.click('#step-forward');
  await p.click('#step-forward');
  await p.keyboard.press('ArrowRight');
  await p.waitForSelector('#steps li[data-step="3"][aria-current="step"]');
  r.third = await p.evaluate(stepShown, n);
  r.width = await p.evaluate(() => document.documentElement.scrollWidth);
  r.boxes = [];
  const height = p.viewportSize().height;
  for (const sel of ['#status', '#stepper', '#board svg']) {
    const b = await p.locator(sel).boundingBox();
    r.boxes.push({ sel, top: Math.round(b.y), bottom: Math.round(b.y + b.height), visible: b.y >= 0 && b.y + b.height <= height });
  }
  await p.screenshot({ path: join(artifacts, shot) });
  result.screenshots.push(shot);
  await p.click('#steps li[data-step="5"] button');
  await p.waitForSelector('#steps li[data-step="5"][aria-current="step"]');
  r.clicked = await p.evaluate(stepShown, n);
  await p.keyboard.press('ArrowLeft');
  await p.waitForSelector('#steps li[data-step="4"][aria-current="step"]');
  r.back = await p.evaluate(stepShown, n);
  await p.keyboard.press('Home');
  await p.waitForSelector('#steps li[aria-current="step"]', { state: 'detached' });
  r.home = await p.evaluate(stepShown, n);
  await p.click('#step-last');
  await p.waitForSelector('#step-forward:disabled');
  r.last = { ...(await p.evaluate(stepShown, n)), grid: await p.evaluate(gridDrawn, n) };
  return r;
};

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  // Nothing may leave the loopback server: anything else is recorded and
  // refused.
  await context.route('**/*', (route) => {
    const u = route.request().url();
    result.requests.push(u);
    if (u.startsWith(`${origin}/`) || u.startsWith('data:') || u.startsWith('blob:')) return route.continue();
    return route.abort();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  watch(page, '');

  step(`open ${url}`);
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  result.version = await page.textContent('#version');
  result.build = await page.evaluate(() => document.getElementById('build')?.textContent ?? null);
  // What a reader sees of the intro and the footer (a closed <details>
  // shows its summary only), and what the footer's details hold.
  result.words = await page.evaluate(() => {
    const details = document.querySelector('footer details');
    return {
      intro: document.querySelector('header').innerText,
      footer: document.querySelector('footer').innerText,
      detailsOpen: details ? details.open : null,
      details: details ? details.textContent : '',
    };
  });
  result.solveTitle = await page.getAttribute('#solve', 'title');
  result.solveKey = await page.textContent('#solve-key');
  result.placeholder = await page.getAttribute('#puzzle', 'placeholder');
  result.keyHintShown = await page.isVisible('#solve-key');
  result.splitLabels = await page.evaluate(splitLabels);
  // The encoding is the SAT engine's alone.
  result.encodingDisabled = {};
  for (const engine of ['native', 'sat']) {
    await page.check(`input[name=engine][value=${engine}]`);
    result.encodingDisabled[engine] = await page.isDisabled('#encoding');
  }
  await page.check('input[name=engine][value=native]');

  // The digits drawn, read off the SVG's text elements in reading order.
  const shown = () => page.$$eval('#board svg text', (ts) => ts
    .map((t) => ({ x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')), d: t.textContent }))
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((c) => c.d).join(''));
  const status = () => page.textContent('#status');
  // The cells marked as clashing, as "r1c2=4".
  const marked = () => page.$$eval('#board g.clash', (gs) => gs.map((g) => `${g.dataset.cell}=${g.textContent}`));
  // clickCell clicks the middle of cell (row, col) of the drawing.
  const clickCell = async (row, col) => {
    const n = Math.round(Math.sqrt((await page.inputValue('#puzzle')).replace(/\s/g, '').length));
    // Measured in the page in one go: a drawing replaced meanwhile must
    // not leave a stale element to measure.
    await page.waitForSelector('#board svg rect[fill="none"]');
    const box = await page.evaluate(() => {
      const r = document.querySelector('#board svg rect[fill="none"]').getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    await page.mouse.click(box.x + (col + 0.5) * box.width / n, box.y + (row + 0.5) * box.height / n);
  };
  // waitStatus waits for the status line to show an answer, not progress.
  const waitStatus = (cls) => page.waitForSelector(`#status.${cls}`);

  step('paste the puzzle');
  await page.evaluate((text) => navigator.clipboard.writeText(text), inkala);
  await page.focus('#puzzle');
  await page.keyboard.press('Control+V');
  assert.equal(await page.inputValue('#puzzle'), inkala, 'the paste reached the text box');
  await page.waitForFunction(() => document.querySelectorAll('#board svg text').length === 21);

  for (const engine of ['native', 'sat']) {
    step(`solve with ${engine}`);
    await page.check(`input[name=engine][value=${engine}]`);
    await page.click('#solve');
    await waitStatus('ok');
    result[engine] = { status: await status(), grid: await shown(), line: await page.textContent('#solution') };
    assert.match(result[engine].status, /^Solved in \d+\.\d+ ms/);
  }
  await page.screenshot({ path: join(artifacts, 'solved.png'), fullPage: true });
  result.screenshots.push('solved.png');

  step('count solutions');
  await page.click('#count');
  await waitStatus('ok');
  result.unique = await status();

  step('download the DIMACS');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#dimacs')]);
  result.dimacs = join(artifacts, download.suggestedFilename());
  await download.saveAs(result.dimacs);

  step('print to PDF');
  await page.pdf({ path: join(artifacts, 'printed.pdf'), format: 'A4' });
  result.screenshots.push('printed.pdf');

  step('a variant: the example link');
  await page.selectOption('#example', { label: 'a variant: the Miracle Sudoku (f-puzzles link)' });
  await page.waitForFunction(() => /variant/.test(document.getElementById('status').textContent));
  result.variant = { link: await page.inputValue('#puzzle'), described: await status() };
  // The drawing of a variant is not typed on: its rules are in the link.
  await clickCell(0, 0);
  await page.keyboard.press('5');
  result.variant.afterTyping = await page.inputValue('#puzzle');
  // On a variant, the fastest engine is the variant search; native takes
  // classic grids only, as on the command line.
  for (const engine of ['', 'sat']) {
    const key = engine || 'fastest';
    step(`solve the variant with ${key}`);
    await page.check(`input[name=engine][value="${engine}"]`);
    await page.click('#solve');
    await waitStatus('ok');
    const digits = await page.$$eval('#board svg text', (ts) => ts
      .filter((t) => /^[1-9]$/.test(t.textContent))
      .map((t) => ({ x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')), d: t.textContent }))
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((c) => c.d).join(''));
    const share = await page.isVisible('#share') ? await page.getAttribute('#share-link', 'href') : '';
    result.variant[key] = { status: await status(), grid: digits, line: await page.textContent('#solution'), share };
  }
  await page.screenshot({ path: join(artifacts, 'variant.png'), fullPage: true });
  result.screenshots.push('variant.png');
  step('count a variant with several solutions');
  await page.check('input[name=engine][value=""]');
  await page.fill('#puzzle', diagonals4);
  await page.click('#count');
  await waitStatus('error');
  result.variant.several = {
    status: await status(),
    lines: await page.textContent('#solution'),
    marked: await page.$$eval('#board g.differ', (gs) => gs.map((g) => `${g.dataset.cell}=${g.dataset.other}`)),
  };

  step('drawings not read');
  result.variant.unread = { before: await page.isVisible('#unread') };
  await page.fill('#puzzle', unread4);
  await page.click('#solve');
  await waitStatus('ok');
  result.variant.unread.shown = await page.isVisible('#unread');
  result.variant.unread.text = await page.textContent('#unread');

  step('a bad puzzle');
  await page.fill('#puzzle', clash);
  await page.click('#solve');
  await waitStatus('error');
  result.variant.unread.after = await page.isVisible('#unread');
  // The clashing givens are drawn in red, and the solution before is gone.
  await page.waitForFunction(() => document.querySelectorAll('#board g.clash').length === 2);
  result.bad = { puzzle: clash, message: await status(), marked: await marked(), shown: await shown(), line: await page.textContent('#solution') };
  await page.screenshot({ path: join(artifacts, 'clash.png') });
  result.screenshots.push('clash.png');

  step('type on the grid');
  await page.fill('#puzzle', four);
  await page.waitForFunction(() => document.querySelectorAll('#board svg text').length === 4);
  await clickCell(0, 0);
  await page.keyboard.press('3');
  await page.waitForFunction(() => document.querySelectorAll('#board svg text').length === 5);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('4'); // r1c3: a digit of its own
  await clickCell(3, 2);
  await page.keyboard.press('Backspace'); // r4c3's given 2 goes
  await page.waitForFunction((want) => [...document.querySelectorAll('#board svg text')]
    .sort((a, b) => a.getAttribute('y') - b.getAttribute('y') || a.getAttribute('x') - b.getAttribute('x'))
    .map((t) => t.textContent).join('') === want, '32414');
  result.typed = { puzzle: await page.inputValue('#puzzle'), shown: await shown(), cell: await page.textContent('#cell') };
  await clickCell(1, 0);
  await page.keyboard.press('3'); // r2c1 in r1c1's box: a clash
  await page.waitForFunction(() => document.querySelectorAll('#board g.clash').length === 2);
  result.typedClash = { puzzle: await page.inputValue('#puzzle'), message: await status(), marked: await marked() };
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => document.querySelectorAll('#board g.clash').length === 0 && document.querySelectorAll('#board svg text').length === 5);

  // The setter's buttons, with the native engine: pencil marks (possible
  // digits, then counted up to 3 and shaded), a given typed with them
  // shown, the givens that make a puzzle unique, the conflict of one
  // without a solution (givens marked, its rule named), and what a unique
  // puzzle can do without.
  await page.check('input[name=engine][value=native]');
  // The pencil marks drawn, as "r1c2:34", or "r1c2:3=2,4=1" when counted.
  const marksOf = () => page.$$eval('#board g.marks > g', (gs) => gs.map((g) => {
    const ts = [...g.querySelectorAll('text')];
    const counted = ts.some((t) => t.dataset.count);
    return `${g.dataset.cell}:${ts.map((t) => (counted ? `${t.textContent}=${t.dataset.count}` : t.textContent)).join(counted ? ',' : '')}`;
  }));
  // The shades behind counted marks: how many different ones.
  const shades = () => page.$$eval('#board g.marks rect', (rs) => new Set(rs.map((r) => r.getAttribute('fill-opacity'))).size);
  const markedAs = (cls) => page.$$eval(`#board g.${cls}`, (gs) => gs.map((g) => `${g.dataset.cell}=${g.dataset.digits}${g.classList.contains('together') ? '+' : ''}`));
  result.setter = {};
  step('candidates');
  await page.fill('#puzzle', setterSeveral);
  await page.fill('#cap', '1');
  await page.click('#candidates');
  await waitStatus('ok');
  result.setter.candidates = { puzzle: setterSeveral, status: await status(), marks: await marksOf() };
  step('candidates counted up to 3');
  await page.fill('#cap', '3');
  await page.click('#candidates');
  await page.waitForFunction(() => /Shaded/.test(document.getElementById('status').textContent));
  result.setter.counted = { status: await status(), marks: await marksOf(), shades: await shades() };
  await page.screenshot({ path: join(artifacts, 'candidates.png'), fullPage: true });
  result.screenshots.push('candidates.png');
  step('a given typed with the candidates shown');
  await clickCell(2, 2);
  await page.keyboard.press('4'); // r3c3=4 makes it unique
  await page.waitForFunction(() => /^Candidates: one digit in every cell/.test(document.getElementById('status').textContent));
  result.setter.typed = { puzzle: await page.inputValue('#puzzle'), status: await status(), marks: await marksOf() };
  await page.fill('#cap', '1');

  step('make unique');
  await page.fill('#puzzle', setterSeveral);
  await page.click('#hint');
  await waitStatus('ok');
  result.setter.hint = { status: await status(), marked: await markedAs('hint') };
  await page.screenshot({ path: join(artifacts, 'hint.png'), fullPage: true });
  result.screenshots.push('hint.png');
  step('make unique: a puzzle without a solution');
  await page.fill('#puzzle', setterConflict);
  await page.click('#hint');
  await waitStatus('error');
  result.setter.conflict = { status: await status(), marked: await markedAs('conflict') };
  // A variant: the engine that is fast on it (the search), since native
  // takes classic grids only; then native again.
  await page.check('input[name=engine][value=""]');
  await page.fill('#puzzle', thermoConflict);
  await page.click('#hint');
  await waitStatus('error');
  result.setter.thermo = { status: await status(), marked: await markedAs('conflict') };
  await page.check('input[name=engine][value=native]');

  step('minimal?');
  await page.fill('#puzzle', setterUnique);
  await page.click('#minimal');
  await waitStatus('ok');
  result.setter.minimal = { puzzle: setterUnique, status: await status(), marked: await markedAs('removable') };
  await page.screenshot({ path: join(artifacts, 'minimal.png'), fullPage: true });
  result.setter.minimalChecked = {};
  for (const [name, puzzle] of [['inkala', inkala], ['several', setterSeveral]]) {
    await page.fill('#puzzle', puzzle);
    await page.click('#minimal');
    await waitStatus(name === 'inkala' ? 'ok' : 'error');
    result.setter.minimalChecked[name] = { status: await status(), marked: await markedAs('removable') };
  }
  result.screenshots.push('minimal.png');

  step('a search past the time limit');
  await page.fill('#timeout', '1');
  await page.check('input[name=engine][value=sat]');
  await page.selectOption('#encoding', 'minimal');
  await page.fill('#puzzle', '.'.repeat(625)); // an empty 25×25: seconds of gophersat
  const started = Date.now();
  await page.click('#solve');
  await waitStatus('error');
  result.timeout = { message: await status(), ms: Date.now() - started };

  step('stop a search');
  await page.fill('#timeout', '30');
  await page.click('#solve');
  await page.waitForSelector('#stop:not([hidden])');
  await page.waitForTimeout(300);
  const stopping = Date.now();
  await page.click('#stop');
  await waitStatus('error');
  result.stopped = { message: await status(), ms: Date.now() - stopping, stopHidden: await page.isHidden('#stop') };
  await page.selectOption('#encoding', 'reduced');

  // The worker was ended at the time limit: this runs on a fresh one.
  step('generate');
  await page.selectOption('#size', '9');
  await page.selectOption('#target', 'hints');
  await page.fill('#target-value', '24');
  await page.fill('#seed', '');
  await page.click('#generate');
  await page.waitForFunction(() => /^Generated/.test(document.getElementById('status').textContent));
  result.generated = { puzzle: await page.inputValue('#puzzle'), shown: await shown(), status: await status() };
  await page.screenshot({ path: join(artifacts, 'page.png'), fullPage: true });
  result.screenshots.push('page.png');

  // Explain, at 1280×900, with a time limit that the Miracle's path, a
  // few seconds on the server, keeps within in a busy tab too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.fill('#timeout', '120');
  step("minimal's progress");
  result.minimalProgress = await minimalProgress(page, 'minimal-progress.png', false);
  result.explain = {};
  step('explain the 17-clue example');
  result.explain.seventeen = await explainExample(page, 'a 17-clue 9×9', 'explain.png');
  step('explain the Miracle');
  result.explain.miracle = await explainExample(page, 'a variant: the Miracle Sudoku (f-puzzles link)', 'explain-variant.png');
  await page.screenshot({ path: join(artifacts, 'explain-variant-last.png') });
  result.screenshots.push('explain-variant-last.png');
  step('a path stuck at a rating');
  await page.selectOption('#example', { label: 'a 17-clue 9×9' });
  await page.fill('#max-rating', '2');
  await page.click('#explain');
  await page.waitForSelector('#status:is(.ok, .warn, .error)', { timeout: 120000 });
  await page.click('#step-last');
  await page.waitForSelector('#step-forward:disabled');
  result.explain.stuck = {
    status: await status(),
    shown: await page.evaluate(stepShown, 9),
    grid: await page.evaluate(gridDrawn, 9),
    // Each open cell's pencil marks, "r1c2:1679".
    marks: await page.$$eval('#board g.pencil > g', (gs) => gs.map((g) => `${g.dataset.cell}:${[...g.querySelectorAll('text:not(.out)')].map((t) => t.textContent).join('')}`)),
  };
  await page.fill('#max-rating', '');
  // Typing a puzzle ends the path: its controls and list go.
  await page.fill('#puzzle', four);
  await page.waitForSelector('#stepper', { state: 'hidden' });
  result.explain.ended = { steps: await page.$$eval('#steps li', (ls) => ls.length), layers: await page.$$eval('#board g.explain', (gs) => gs.length) };
  step("a killer's candidates");
  result.killer = await killerCandidates(page, 'killer-candidates.png', false);
  await context.close();

  // A phone: one column, the drawing below the controls. After Solve the
  // answer must be in view without the person scrolling.
  step('a phone');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.route('**/*', (route) => {
    const u = route.request().url();
    result.requests.push(u);
    return u.startsWith(`${origin}/`) ? route.continue() : route.abort();
  });
  const small = await phone.newPage();
  small.setDefaultTimeout(20000);
  watch(small, 'phone ');
  await small.goto(url);
  await small.waitForSelector('body[data-ready="true"]');
  // No control split from its label, and no keyboard shortcut shown to a
  // touch screen.
  result.phoneLoad = { keyHintShown: await small.isVisible('#solve-key'), splitLabels: await small.evaluate(splitLabels) };
  await small.screenshot({ path: join(artifacts, 'phone-empty.png') });
  result.screenshots.push('phone-empty.png');
  await small.fill('#puzzle', inkala);
  await small.waitForFunction(() => document.querySelectorAll('#board svg text').length === 21);
  await small.locator('#solve').tap();
  await small.waitForSelector('#status.ok');
  const inView = async (sel) => {
    const b = await small.locator(sel).boundingBox();
    return { sel, top: Math.round(b.y), bottom: Math.round(b.y + b.height), visible: b.y >= 0 && b.y + b.height <= 844 };
  };
  result.phone = {
    width: await small.evaluate(() => document.documentElement.scrollWidth),
    status: await small.textContent('#status'),
    boxes: [await inView('#status'), await inView('#board svg')],
  };
  await small.screenshot({ path: join(artifacts, 'phone-solved.png') });
  result.screenshots.push('phone-solved.png');
  // The setter's group fits the phone's column, and after Candidates the
  // marks are in view.
  step('candidates on a phone');
  await small.locator('#candidates').tap();
  await small.waitForFunction(() => /^Candidates: /.test(document.getElementById('status').textContent));
  result.phoneCandidates = {
    width: await small.evaluate(() => document.documentElement.scrollWidth),
    status: await small.textContent('#status'),
    marks: await small.$$eval('#board g.marks > g', (gs) => gs.length),
    boxes: [await inView('#status'), await inView('#board svg')],
  };
  await small.screenshot({ path: join(artifacts, 'phone-candidates.png') });
  result.screenshots.push('phone-candidates.png');
  step("a killer's candidates on a phone");
  result.phoneKiller = await killerCandidates(small, 'phone-killer-candidates.png', true);
  step("minimal's progress on a phone");
  await small.fill('#timeout', '120');
  result.phoneMinimalProgress = await minimalProgress(small, 'phone-minimal-progress.png', true);
  step('explain on a phone');
  await small.fill('#timeout', '120');
  result.explain.phoneSeventeen = await explainExample(small, 'a 17-clue 9×9', 'phone-explain.png');
  step('explain the Miracle on a phone');
  result.explain.phoneMiracle = await explainExample(small, 'a variant: the Miracle Sudoku (f-puzzles link)', 'phone-explain-variant.png');
  await phone.close();
} finally {
  await browser.close();
}
step('done');
console.log(`RESULT ${JSON.stringify(result)}`);
