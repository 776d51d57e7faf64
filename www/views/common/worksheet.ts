// Worksheets (Skyscrapers, Hashiwokakero): k puzzles made by the generator from the New puzzle
// control's size, level and seed — puzzle i from seed s + i − 1, so the same sheet can be made
// again — laid out on A4 or Letter pages, each with its ID under it so that it can be reopened, and
// the solver's solutions on a last page. The generator and the solver run in a worker of their own
// (Cancel terminates it). The sheet opens as a print view over the page with a Print button; in
// print only the sheet shows (style.css), none of its controls.

import { h } from '../../dom';
import { puzzleInfo } from '../../registry';
import { CancelledError, SolverClient, type SolverModule } from '../../solver-client';
import type { AnySolution, Generated } from '../../generated/types';
import { PUZZLE_VIEWS } from '../../generated/tabs';
import { SvgContext } from '../../render/svg-context';
import type { Surface, Theme } from '../../render/canvas';
import { isSeedText, MAX_SEED_TEXT } from '../../address';

export const MAX_PUZZLES = 12;

/** Black on white, as the print stylesheet draws boards. */
export const PRINT_THEME: Theme = {
  bg: '#ffffff',
  fg: '#000000',
  muted: '#333333',
  light: '#ffffff',
  dark: '#d0d0d0',
  piece: '#000000',
  pieceOutline: '#ffffff',
  attack: '#555555',
  accent: '#000000',
  good: '#000000',
  bad: '#444444',
  grid: '#000000',
  faint: '#999999',
};

export type Paper = 'A4' | 'Letter';

export interface WorksheetSetup<P> {
  puzzle: SolverModule;
  idPrefix: string;
  /** The generate request of the New puzzle fields now, less its seed, and how it reads
   *  (`6 × 6 hard`). */
  request(): { request: Record<string, unknown>; what: string };
  /** The seed typed (null: none), or what is wrong with it. */
  seed(): { text: string } | null | string;
  /** Draws puzzle `p` on `s` (with `solution` filled in when given), in `theme`. */
  draw(p: P, solution: AnySolution | null, s: Surface, theme: Theme): void;
  /** The solution as rows of text, where that reads better than a picture (Skyscrapers' digits). */
  rows?(solution: AnySolution): string[];
}

export interface SheetPuzzle<P> {
  made: Generated<P>;
  id: string;
  solution: AnySolution | null;
  /** Rust's verdict sentence when the solver did not give one solution. */
  note: string | null;
}

/** `s + i` as decimal text (seeds go beyond 2^53). */
export function seedPlus(text: string, i: number): string {
  return (BigInt(text) + BigInt(i)).toString();
}

/** A fresh seed when none was typed (shown on the sheet, so it can be made again). */
function randomSeed(): string {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String(a[0]);
}

/** The SVG of puzzle `p` drawn by the view's renderer at `css` px. */
function svgOf<P>(setup: WorksheetSetup<P>, p: P, solution: AnySolution | null, css: number, ids: string): SVGSVGElement {
  const svg = new SvgContext(css, css, ids);
  setup.draw(p, solution, { ctx: svg.asCanvas(), dpr: 1, px: css }, PRINT_THEME);
  // Our own drawing, parsed as SVG (never HTML, never script) and adopted into the page.
  const doc = new DOMParser().parseFromString(svg.toString(), 'image/svg+xml');
  const el = document.importNode(doc.documentElement, true) as unknown as SVGSVGElement;
  el.setAttribute('class', 'ws-board');
  el.setAttribute('role', 'img');
  return el;
}

/** The print view of a finished sheet. */
function openSheet<P>(setup: WorksheetSetup<P>, puzzles: SheetPuzzle<P>[], what: string, first: string, paper: Paper, closed: () => void): void {
  document.getElementById('worksheet')?.remove();
  const info = puzzleInfo(setup.puzzle);
  const tab = PUZZLE_VIEWS.find((v) => v.puzzle === setup.puzzle)?.tabs[0]?.hash ?? setup.puzzle;
  const pageStyle = h('style', { id: 'worksheet-page' });
  const setPaper = (p: Paper) => {
    pageStyle.textContent = `@page { size: ${p}; margin: 12mm; }`;
    sheet.dataset.paper = p;
  };
  const paperSelect = h('select', { id: 'worksheet-paper', 'aria-label': 'Paper' }, h('option', { value: 'A4' }, 'A4'), h('option', { value: 'Letter' }, 'Letter')) as HTMLSelectElement;
  paperSelect.value = paper;
  const print = h('button', { type: 'button', id: 'worksheet-print' }, 'Print');
  const close = h('button', { type: 'button', id: 'worksheet-close' }, 'Close');
  const seeds = puzzles.length > 1 ? `seeds ${first} to ${seedPlus(first, puzzles.length - 1)}` : `seed ${first}`;
  const sheet = h(
    'article',
    { class: 'ws-sheet' },
    h('header', { class: 'ws-head' }, h('h1', {}, `${info.title} worksheet`), h('p', {}, `${puzzles.length} puzzle${puzzles.length > 1 ? 's' : ''}, ${what}, ${seeds}.`), h('p', { class: 'ws-name' }, 'Name: ____________________   Date: ____________')),
    h(
      'div',
      { class: `ws-grid ws-count-${Math.min(puzzles.length, 3)}${puzzles.length <= 4 ? ' ws-few' : ''}` },
      ...puzzles.map((p, i) =>
        h(
          'figure',
          { class: 'ws-puzzle', 'data-id': p.id },
          svgOf(setup, p.made.puzzle, null, 300, `p${i}-`),
          h('figcaption', {}, h('strong', {}, `${i + 1}.`), ' ', h('a', { href: `#${tab}/${encodeURIComponent(p.id)}`, class: 'ws-id' }, p.id)),
        ),
      ),
    ),
    h(
      'section',
      { class: 'ws-solutions' },
      h('h2', {}, 'Solutions'),
      h(
        'div',
        { class: 'ws-grid ws-solution-grid' },
        ...puzzles.map((p, i) => {
          const rows = p.solution && setup.rows ? setup.rows(p.solution) : null;
          return h(
            'figure',
            { class: 'ws-solution', 'data-id': p.id },
            rows ? h('div', { class: 'ws-rows' }, ...rows.map((r) => h('div', {}, r))) : p.solution ? svgOf(setup, p.made.puzzle, p.solution, 200, `s${i}-`) : h('p', {}, p.note ?? ''),
            h('figcaption', {}, h('strong', {}, `${i + 1}.`), ' ', h('span', { class: 'ws-id' }, p.id)),
          );
        }),
      ),
    ),
  );
  const view = h(
    'div',
    { id: 'worksheet', class: 'worksheet', role: 'region', 'aria-label': 'Worksheet print view' },
    h('div', { class: 'ws-bar' }, print, ' ', h('label', {}, 'Paper ', paperSelect), ' ', close, h('span', { class: 'muted' }, ' Each ID under a puzzle opens it in Solvescope.')),
    sheet,
  );
  setPaper(paper);
  document.head.append(pageStyle);
  document.body.append(view);
  document.documentElement.classList.add('worksheet-open');
  paperSelect.addEventListener('change', () => setPaper(paperSelect.value as Paper));
  print.addEventListener('click', () => window.print());
  const shut = () => {
    view.remove();
    pageStyle.remove();
    document.documentElement.classList.remove('worksheet-open');
    window.removeEventListener('hashchange', shut);
  };
  close.addEventListener('click', () => {
    shut();
    closed();
  });
  // The sheet is on top: Escape closes it, and no key reaches the view under it.
  view.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      shut();
      closed();
    }
    e.stopPropagation();
  });
  // Following an ID (or any link) leaves the sheet for that puzzle.
  window.addEventListener('hashchange', shut);
  print.focus();
}

/** The Worksheet button (for the New puzzle control) and its dialog. */
export function worksheetControl<P>(setup: WorksheetSetup<P>): HTMLElement {
  const p = setup.idPrefix;
  const button = h('button', { type: 'button', id: `${p}-worksheet`, 'aria-haspopup': 'dialog', title: 'Several new puzzles on printed pages, with their solutions on the last page' }, 'Worksheet…');
  const count = h('input', { type: 'number', id: `${p}-sheet-count`, min: '1', max: String(MAX_PUZZLES), step: '1', value: '6', size: '3' }) as HTMLInputElement;
  const paper = h('select', { id: `${p}-sheet-paper` }, h('option', { value: 'A4' }, 'A4'), h('option', { value: 'Letter' }, 'Letter')) as HTMLSelectElement;
  if (/^en-(US|CA)$/.test(navigator.language)) paper.value = 'Letter';
  const go = h('button', { type: 'button', id: `${p}-sheet-make` }, 'Make worksheet') as HTMLButtonElement;
  const stop = h('button', { type: 'button', id: `${p}-sheet-cancel`, hidden: '' }, 'Cancel') as HTMLButtonElement;
  const bar = h('progress', { id: `${p}-sheet-progress`, max: '1', value: '0', hidden: '' }) as HTMLProgressElement;
  const said = h('p', { class: 'status', id: `${p}-sheet-status`, 'aria-live': 'polite' });
  const close = h('button', { type: 'button', class: 'dialog-close' }, 'Close');
  const dialog = h(
    'dialog',
    { class: 'tool-dialog worksheet-dialog', id: `${p}-sheet-dialog`, 'aria-labelledby': `${p}-sheet-title` },
    h('div', { class: 'help-head' }, h('h2', { id: `${p}-sheet-title` }, 'Worksheet'), close),
    h('p', {}, `New puzzles of the size, difficulty and seed chosen under New puzzle: puzzle 1 from the seed, puzzle 2 from the seed + 1, and so on, so the same seed makes the same sheet again. Solutions on the last page.`),
    h('p', {}, h('label', {}, 'Puzzles ', count), ` (1 to ${MAX_PUZZLES}) `, h('label', {}, 'Paper ', paper)),
    h('p', {}, go, ' ', stop, ' ', bar),
    said,
  ) as HTMLDialogElement;
  document.body.append(dialog);
  const client = new SolverClient(setup.puzzle);
  let running = false;
  const info = puzzleInfo(setup.puzzle);

  button.addEventListener('click', () => {
    said.textContent = '';
    dialog.showModal();
  });
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    if (running) client.cancel();
  });
  stop.addEventListener('click', () => client.cancel());

  go.addEventListener('click', async () => {
    if (running) return;
    const k = Number(count.value);
    if (!Number.isInteger(k) || k < 1 || k > MAX_PUZZLES) {
      said.textContent = `The number of puzzles must be a whole number from 1 to ${MAX_PUZZLES}.`;
      return;
    }
    const typed = setup.seed();
    if (typeof typed === 'string') {
      said.textContent = typed;
      return;
    }
    const first = typed?.text ?? randomSeed();
    if (!isSeedText(seedPlus(first, k - 1))) {
      said.textContent = `The seeds ${first} to ${seedPlus(first, k - 1)} go past the largest seed, ${MAX_SEED_TEXT}.`;
      return;
    }
    const { request, what } = setup.request();
    running = true;
    go.disabled = true;
    stop.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    stop.focus();
    const puzzles: SheetPuzzle<P>[] = [];
    try {
      for (let i = 0; i < k; i++) {
        said.textContent = `Making puzzle ${i + 1} of ${k} (seed ${seedPlus(first, i)})…`;
        const made = await client.call<Generated<P>>('generate', setup.puzzle, { ...request, seed: seedPlus(first, i) });
        const id = made.exports.tatham ?? made.exports.plain;
        // The solution is the solver's: the puzzle solved from its ID, checked in Rust.
        const session = await client.create(setup.puzzle, id, info.algorithms[0]!.name);
        const report = await client.solve(session);
        void client.dispose(session);
        const solution = report.verdict === 'unique' || report.verdict === 'found' ? ((report.solutions[0] ?? null) as AnySolution | null) : null; // grids and bridges (packed arrays are N-Queens only)
        puzzles.push({ made, id, solution, note: solution ? null : report.says });
        bar.value = (i + 1) / k;
      }
      said.textContent = `${puzzles[0]!.made.says} The sheet holds ${k}.`;
      dialog.close();
      openSheet(setup, puzzles, what, first, paper.value as Paper, () => button.focus());
    } catch (e) {
      said.textContent = e instanceof CancelledError ? 'Cancelled: no worksheet was made.' : e instanceof Error ? e.message : String(e);
    } finally {
      running = false;
      const refocus = document.activeElement === stop || document.activeElement === document.body;
      go.disabled = false;
      stop.hidden = true;
      bar.hidden = true;
      if (refocus && dialog.open) go.focus();
    }
  });
  return button;
}
