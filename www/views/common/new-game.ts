// The New puzzle control of the Skyscrapers and Hashiwokakero editors: a size, a difficulty level
// (exactly the levels the Rust generator names in the registry), given digits where the generator
// takes them, and a seed. The same size, level and seed make the same puzzle natively and here, so
// the seed of every puzzle made is shown and can be typed back in.
//
// Generating is one synchronous call into wasm, so it runs in a worker of its own: Cancel
// terminates that worker only, and the board's solver sessions (a watch or play in progress) live
// on in the view's worker. The generator has no progress figures to report, so the progress shown
// is what is being made and for how long, honestly, until it ends or is cancelled.

import { h } from '../../dom';
import { puzzleInfo } from '../../registry';
import { CancelledError, SolverClient, type SolverModule } from '../../solver-client';
import type { Exports, Generated } from '../../generated/types';
import { article } from './text';
import { isSeedText, MAX_SEED_TEXT } from '../../address';
import { worksheetControl, type WorksheetSetup } from './worksheet';


/** How often the elapsed time of a running generation is redrawn. */
const TICK_MS = 100;

export interface NewGameSetup<P> {
  /** The puzzle's registry name (`skyscrapers`, `hashi`). */
  puzzle: SolverModule;
  /** Prefix of the element ids (`sky`, `hashi`). */
  idPrefix: string;
  /** The sizes offered, in the generator's words (`"9"`, `"15x15"`), smallest first. */
  sizes: string[];
  /** How a size reads in a sentence (`9 × 9`). */
  sizeText(size: string): string;
  /** Generator parameters written after the size (Hashiwokakero: Tatham's `m<k>` and `L`, from
   * the editor's rules; docs/FORMATS.md §6.5), if the puzzle has any. */
  sizeParams?(): string;
  /** More controls of the generator's options, shown after the level (Hashiwokakero: bridges
   * per pair, island density, expansion, no loops); `sizeParams` reads them. */
  options?: HTMLElement[];
  /** Puts the new puzzle on the board; `params` is what `sizeParams` gave when New was pressed
   *  (the fields may have changed while the generator ran). */
  apply(made: Generated<P>, params: string): void | Promise<void>;
  /** Shows a sentence under the board (progress and outcome). */
  say(text: string): void;
  /** Shows an error (null clears it). */
  showError(text: string | null): void;
  /** With it, a Worksheet button: many puzzles of these settings on printed pages (worksheet.ts). */
  sheet?: Pick<WorksheetSetup<P>, 'draw' | 'rows'>;
}

export interface NewGame {
  element: HTMLElement;
  /** Offers `size` (the board's own) as the size of the next puzzle, when the generator makes it. */
  follow(size: string): void;
  /** Stops a generation in progress (the view is left or another puzzle loaded). */
  cancel(): void;
}

export function mountNewGame<P>(setup: NewGameSetup<P>): NewGame {
  const { puzzle, idPrefix: id } = setup;
  const helpers = puzzleInfo(puzzle).helpers;
  const sizeSelect = h('select', { id: `${id}-new-size`, title: 'Size of the new puzzle' });
  for (const s of setup.sizes) sizeSelect.append(h('option', { value: s }, setup.sizeText(s)));
  const levelSelect = h('select', { id: `${id}-new-level`, title: 'How much reasoning the new puzzle needs (docs/GRADING.md)' }, h('option', { value: '' }, 'any'));
  for (const l of helpers.generateLevels) levelSelect.append(h('option', { value: l }, l));
  const givens = h('input', { type: 'checkbox', id: `${id}-new-givens` });
  givens.checked = true;
  const seedIn = h('input', {
    type: 'text',
    id: `${id}-new-seed`,
    inputmode: 'numeric',
    autocomplete: 'off',
    placeholder: 'random',
    size: '10',
    title: 'Leave empty for a fresh seed; the same size, level and seed make the same puzzle again',
  });
  // Keeps the old id so links and habits that pressed "Random puzzle" still work.
  const go = h('button', { type: 'button', id: `${id}-random`, title: 'A new puzzle with exactly one solution' }, 'New puzzle');
  const stop = h('button', { type: 'button', id: `${id}-new-cancel`, hidden: '' }, 'Cancel');
  // The elapsed time ticks ten times a second: not read out (aria-live off); the start and the
  // outcome are said once each in the view's status line (setup.say).
  const progress = h('output', { id: `${id}-new-progress`, class: 'new-progress', 'aria-live': 'off' });
  const made = h('output', { id: `${id}-new-made`, class: 'new-made muted' });

  const element = h(
    'fieldset',
    { class: 'new-game', id: `${id}-new` },
    h('legend', {}, 'New puzzle'),
    h(
      'div',
      { class: 'params' },
      h('label', { for: `${id}-new-size` }, 'Size ', sizeSelect),
      helpers.generateLevels.length > 0 ? h('label', { for: `${id}-new-level` }, 'Difficulty ', levelSelect) : null,
      helpers.generateGivens ? h('label', { class: 'check', title: 'Given digits inside the grid besides the clues (Tatham’s puzzles from 7 × 7 up all have some)' }, givens, ' Given digits') : null,
      ...(setup.options ?? []),
      h('label', { for: `${id}-new-seed` }, 'Seed ', seedIn),
      go,
      stop,
      setup.sheet ? worksheetControl<P>({ puzzle, idPrefix: id, ...setup.sheet, seed: readSeed, request: () => ({ request: current().request, what: current().kind }) }) : null,
    ),
    progress,
    made,
  );

  /** A worker of its own, started on the first New and replaced after a Cancel. */
  const client = new SolverClient(puzzle);
  let running = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  /** The keyboard was on New or Cancel when this run started: it follows them while it lasts. */
  let focusedHere = false;
  /** A size the user picked stands until a puzzle is made: a board that lands later (the first
   *  load of the view, a link) does not take it back. */
  let picked = false;

  function finish(): void {
    running = false;
    if (timer !== null) clearInterval(timer);
    timer = null;
    // Focus on Cancel (or lost with the disabled New) goes back to New, once it can be pressed.
    const refocus = document.activeElement === stop || document.activeElement === go || document.activeElement === document.body;
    go.disabled = false;
    stop.hidden = true;
    progress.textContent = '';
    if (refocus && focusedHere) go.focus();
    focusedHere = false;
  }

  /** The seed typed, as decimal text (`{ text }`), null for none, or what is wrong with it. */
  function readSeed(): { text: string } | null | string {
    const text = seedIn.value.trim();
    if (text === '') return null;
    // Sent as text, which the generator reads exactly (a JavaScript number is exact only up to
    // 2^53 - 1), so every seed the command line takes makes the same puzzle here.
    if (!isSeedText(text)) {
      return `The seed must be a whole number from 0 to ${MAX_SEED_TEXT}, got "${text.length > 24 ? `${text.slice(0, 24)}…` : text}" (digits only, no leading zero).`;
    }
    return { text };
  }

  /** The generator's request for the fields now (less the seed), and how its kind reads. */
  function current(): { request: Record<string, unknown>; params: string; kind: string } {
    const size = sizeSelect.value;
    const level = levelSelect.value;
    const params = setup.sizeParams?.() ?? '';
    const request: Record<string, unknown> = { size: size + params };
    if (level) request.difficulty = level;
    if (helpers.generateGivens) request.givens = givens.checked;
    return { request, params, kind: `${setup.sizeText(size)}${level ? ` ${level}` : ''}` };
  }

  async function generate(): Promise<void> {
    if (running) return;
    const seed = readSeed();
    if (typeof seed === 'string') {
      setup.showError(seed);
      seedIn.focus();
      return;
    }
    const size = sizeSelect.value;
    const { request: asked, params, kind } = current();
    const what = `${article(parseInt(size, 10))} ${kind} puzzle${seed === null ? '' : ` from seed ${seed.text}`}`;
    const request: Record<string, unknown> = { ...asked, seed: seed?.text ?? null };
    running = true;
    // New is disabled while it runs, which would drop the keyboard's focus to the page: Cancel,
    // the one thing to press now, takes it.
    focusedHere = document.activeElement === go || document.activeElement === seedIn;
    go.disabled = true;
    stop.hidden = false;
    if (focusedHere) stop.focus();
    setup.showError(null);
    const started = performance.now();
    const tick = () => {
      progress.textContent = `Making ${what}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
    };
    tick();
    setup.say(`Making ${what}: every candidate is proved to have exactly one solution.`);
    timer = setInterval(tick, TICK_MS);
    try {
      const result = await client.call<Generated<P>>('generate', puzzle, request);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      finish();
      picked = false; // the new board's size is the one picked
      await setup.apply(result, params);
      made.textContent = madeText(size, params, result, seconds);
    } catch (e) {
      finish();
      if (e instanceof CancelledError) setup.say(`Cancelled: no new puzzle was made, the board is as it was.`);
      else setup.showError(e instanceof Error ? e.message : String(e));
    }
  }

  function madeText(size: string, params: string, result: Generated<P>, seconds: string): string {
    const ex: Exports = result.exports;
    // Rust's sentence names the puzzle (size, level, seed); the page adds only what its control
    // did: how long it took, what was asked (the CLI's SIZE takes the same text), and the ID.
    const asked = params ? `, asked as ${size}${params}` : '';
    return `${result.says} Made in ${seconds} s${asked}: ${ex.tatham ?? ex.plain.replace(/\n/g, '/')}`;
  }

  sizeSelect.addEventListener('change', () => (picked = true));
  go.addEventListener('click', () => void generate());
  seedIn.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void generate();
  });
  stop.addEventListener('click', () => {
    if (!running) return;
    // Focus returns to New in finish(), once the cancellation is through and New is enabled.
    focusedHere = focusedHere || document.activeElement === stop;
    client.cancel();
  });

  return {
    element,
    follow(size) {
      if (!running && !picked && setup.sizes.includes(size)) sizeSelect.value = size;
    },
    cancel() {
      if (running) client.cancel();
    },
  };
}
