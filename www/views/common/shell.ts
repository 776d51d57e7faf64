// The page shell of the grid puzzles (Skyscrapers, Hashiwokakero): the section and its layout,
// the edit / play / watch mode buttons and the panels each mode shows, the help line, the one
// message line, what a link sets (mode, techniques, step, board) and what the address holds, and
// the keys. A puzzle view supplies its board, panels, drawing and input; the shell owns the rest,
// so the two views cannot drift apart again (issue 28).
//
// The message line is the status and the error, shown one at a time: a failure replaces whatever
// was said ("Making…" included), and a message that only reports a click (a copy) is dropped when
// the mode or the view changes, so nothing stale is left on screen.

import './shell.css';
import { announceFrom } from '../../announce';
import { h } from '../../dom';
import { applyBoard, applyStep, puzzleSettings, type BoardWords, type Seekable } from '../../link';
import type { Settings } from '../../address';
import type { PlaybackBar } from '../../controls/playback';
import { CancelledError } from '../../solver-client';
import { feature, type Animated, type Feature } from '../feature';
import { zoomControl } from '../../controls/zoom';
import { BOARD_MAX, squareFor } from '../../render/canvas';
import { switchOptions, takeOptions, type LinkOptions } from './size-link';

export type Mode = 'edit' | 'play' | 'watch';
export const MODES: Mode[] = ['edit', 'play', 'watch'];

const LABELS: Record<Mode, string> = { edit: 'Edit', play: 'Play', watch: 'Watch the solver' };

/** The watch mode's run, as far as the shell needs it (www/views/runner.ts). */
type Run = Seekable & Animated;

export interface ShellSetup {
  /** Prefix of the element ids (`sky`, `hashi`): `${prefix}-status`, `${prefix}-mode-play`, … */
  prefix: string;
  /** The view's name in the address and its section id (`skyscrapers`, `hashi`). */
  view: string;
  title: string;
  lede: string;
  /** Tooltips of the mode buttons. */
  modeTitles?: Partial<Record<Mode, string>>;
  help: Record<Mode, string>;
  /** The board and what is drawn around it (zoom, digit pad). */
  boardWrap: HTMLElement;
  /** Controls before the mode buttons, in the row above the board. */
  params?: HTMLElement[];
  /** Rows between that and the board (full width). */
  above?: HTMLElement[];
  /** The side column, before the message line and after it (what changes size goes after it,
   *  so that a longer message never moves a button under the pointer). */
  sideBefore?: HTMLElement[];
  sideAfter: HTMLElement[];
  /** Elements shown only in one mode (wherever they are placed). */
  panels: Partial<Record<Mode, HTMLElement[]>>;
  /** `link`: a watch mode with a choice of algorithm (Skyscrapers) keeps it in the address, with
   *  its seed, and its options stand for the technique switches' (they are the chosen algorithm's). */
  watch: { bar: PlaybackBar; run: Run; techniques: Map<string, HTMLInputElement>; link?: WatchLink };
  /** How a technique is named in a link's problems ("Skyscrapers technique"). */
  techniqueWord: string;
  /** The view's own part of entering mode `m` (its status line, a check, a run). */
  enter(m: Mode): void;
  /** Whether mode `m` can be entered now (Hashiwokakero: play and watch need a laid-out puzzle). */
  canEnter?(m: Mode): boolean;
  draw(): void;
  /** The puzzle's ID for the address; null while unsettled. */
  id(): string | null;
  /** The player's position for a link (`board=`), and putting one back. */
  linkBoard(): string | undefined;
  restore(text: string): string | null;
  boardWords: BoardWords;
  /** First showing and later links: load `param` (null: none); true when a linked puzzle opened. */
  start(param: string | null): Promise<boolean>;
  open(param: string | null): Promise<boolean>;
  /** Ctrl+Z and friends, per mode. */
  historyKey(mode: Mode, e: KeyboardEvent): boolean;
  /** The view's keys (never called while typing in a field). */
  key(mode: Mode, e: KeyboardEvent): boolean;
}

/** What a watch mode with a choice of algorithm adds to a link: the algorithm and its seed (`algo=`,
 *  `seed=`), and as its options (`opts=`) the chosen algorithm's. */
export interface WatchLink extends LinkOptions {
  /** Sets the algorithm and seed of a link; called before its options, which depend on them. */
  take(settings: Settings): void;
  /** The algorithm and seed for the address. */
  settings(): Settings;
}

export interface Messages {
  /** The message line says `text` (any error goes). */
  say(text: string): void;
  /** Says `text` until the mode or the view changes (it reports a click, not the puzzle). */
  note(text: string): void;
  /** Shows an error in place of the message (null: clears the error only). */
  fail(text: string | null): void;
  /** An error from a wasm call, unless it was cancelled. */
  report(e: unknown): void;
  /** Says `text`, then Rust's sentence about the puzzle when it has no solution or several
   *  (`about`: Check's solvabilitySays; none, or a failed check, adds nothing). */
  sayWithSolvability(text: string, about: Promise<string | undefined>): Promise<void>;
  /** Drops a note still on screen; true if there was one. */
  dropNote(): boolean;
  /** How many messages and errors were said so far: an answer that was asked for before a
   *  later message (a check started by entering Play, then New puzzle's sentence) is not the
   *  current one, and leaves the line as it is. */
  said(): number;
  status: HTMLElement;
  error: HTMLElement;
}

export interface Shell {
  element: HTMLElement;
  feature: Feature;
  messages: Messages;
  mode(): Mode;
  setMode(m: Mode): void;
  /** Shows the current mode again (panels, help, the view's status). */
  enterMode(): void;
  modeButton(m: Mode): HTMLButtonElement;
}

/** The view's message line: made first, as the modes' panels write to it while they are built. */
export function messageLine(prefix: string): Messages {
  const status = h('p', { class: 'status', id: `${prefix}-status` });
  const error = h('p', { class: 'error', id: `${prefix}-error`, role: 'alert', hidden: '' });
  /** The text of the last `note`, while the status still shows it. */
  let noted: string | null = null;
  let said = 0;
  const fail = (text: string | null) => {
    error.hidden = text === null;
    error.textContent = text ?? '';
    if (text !== null) {
      status.textContent = '';
      noted = null;
      said++;
    }
  };
  const m: Messages = {
    status,
    error,
    say(text) {
      noted = null;
      fail(null);
      status.textContent = text;
      said++;
    },
    note(text) {
      m.say(text);
      noted = text;
    },
    fail,
    report(e) {
      if (e instanceof CancelledError) return;
      fail(e instanceof Error ? e.message : String(e));
    },
    async sayWithSolvability(text, said) {
      m.say(text);
      const about = await said.catch(() => undefined);
      // Only if nothing was said meanwhile: a later message is the current one.
      if (about && status.textContent === text) status.textContent = `${text} ${about}`;
    },
    said: () => said,
    dropNote() {
      const stale = noted !== null && status.textContent === noted;
      noted = null;
      if (stale) status.textContent = '';
      return stale;
    },
  };
  return m;
}

export function mountShell(s: ShellSetup, messages: Messages): Shell {
  const p = s.prefix;
  const { status, error } = messages;
  const help = h('p', { class: 'help', id: `${p}-help` });
  let mode: Mode = 'edit';

  const buttons = new Map<Mode, HTMLButtonElement>();
  const group = h('div', { class: 'modes', role: 'group', 'aria-label': 'Mode' });
  for (const m of MODES) {
    const b = h('button', { type: 'button', id: `${p}-mode-${m}`, 'aria-pressed': 'false', title: s.modeTitles?.[m] ?? '' }, LABELS[m]);
    b.addEventListener('click', () => setMode(m));
    buttons.set(m, b);
    group.append(b);
  }

  const element = h(
    'section',
    { class: 'feature', id: s.view, 'aria-labelledby': `${p}-title` },
    h('h2', { id: `${p}-title` }, s.title),
    h('p', { class: 'lede' }, s.lede),
    h('div', { class: 'params' }, ...(s.params ?? []), group),
    ...(s.above ?? []),
    // The message line sits beside the board, not above it: a message appearing while the board
    // is clicked must not move the board under the pointer.
    h('div', { class: 'stage' }, s.boardWrap, h('div', { class: 'side' }, ...(s.sideBefore ?? []), error, status, ...s.sideAfter, help)),
  );
  announceFrom([status], () => s.watch.bar.playing());

  function enterMode(): void {
    for (const [k, b] of buttons) b.setAttribute('aria-pressed', String(k === mode));
    for (const m of MODES) for (const el of s.panels[m] ?? []) el.hidden = m !== mode;
    help.textContent = s.help[mode];
    s.enter(mode);
    s.draw();
  }

  function setMode(m: Mode): void {
    if (s.canEnter && !s.canEnter(m)) return;
    if (m !== 'watch') s.watch.run.pause();
    messages.dropNote();
    mode = m;
    enterMode();
  }

  // A link's watch algorithm, its options (opts=name:on|off for techniques) and mode, applied once
  // its puzzle has loaded.
  const options: LinkOptions = s.watch.link ?? switchOptions(s.watch.techniques, s.techniqueWord);
  function linked(st: Settings, opened: boolean): void {
    s.watch.link?.take(st);
    takeOptions(options, st.opts);
    // A link to a puzzle opens it ready to play, as puzz.link does: a player who types into a
    // shared puzzle must not change it. The page's own links always write their mode (an edit-mode
    // link says mode=edit), so only links without one (imported IDs, shared puzzles) land here.
    const m = st.mode ?? (opened ? 'play' : undefined);
    if (m) setMode(m);
    else s.draw();
    if (mode === 'watch') applyStep(s.watch.run, st.step);
    applyBoard(st, mode, s.restore, s.boardWords);
    s.draw();
  }

  return {
    element,
    messages,
    mode: () => mode,
    setMode,
    enterMode,
    modeButton: (m) => buttons.get(m)!,
    feature: feature({
      element,
      bar: s.watch.bar,
      // The address holds the puzzle's ID and the mode (www/link.ts); a linked mode applies once loaded.
      start: (param, st) => void s.start(param).then((opened) => linked(st, opened)),
      open: (param, st) => void s.open(param).then((opened) => linked(st, opened)),
      state: () => {
        const id = s.id();
        if (id === null) return null;
        // Play mode's link carries the player's position too.
        return { puzzle: id, settings: { ...puzzleSettings(mode, options.linkOptions(), s.watch.run, s.linkBoard), ...s.watch.link?.settings() } };
      },
      redraw: s.draw,
      runs: () => (mode === 'watch' ? [s.watch.run] : []),
      pause() {
        s.watch.run.pause();
        // Leaving the view: a copy said here, or an error about a load or a link it had, is not
        // news when the view is shown again (with a puzzle of its own by then).
        messages.fail(null);
        if (messages.dropNote()) enterMode();
      },
      historyKey: (e) => s.historyKey(mode, e),
      key: (e) => s.key(mode, e),
    }),
  };
}

/** The board's frame: the canvas in a zoomable viewport (− / Fit / +), with what is drawn under
 *  it (Skyscrapers' digit pad). A drag on the board pans it only where `pans()` says (while
 *  watching: in the other modes a drag edits or plays). */
export interface BoardFrame {
  wrap: HTMLElement;
  /** The canvas side in CSS pixels: the window's fit (at most `cap`), times the zoom. */
  size(cap?: number): number;
}

export function boardFrame(canvas: HTMLCanvasElement, redraw: () => void, pans: () => boolean, under: HTMLElement[] = []): BoardFrame {
  const zoom = zoomControl(canvas, redraw, 'Board', pans);
  const wrap = h('div', { class: 'board-wrap' }, zoom.element, zoom.viewport, ...under);
  return { wrap, size: (cap = Infinity) => zoom.size(Math.min(squareFor(wrap, BOARD_MAX), cap)) };
}

/** Callbacks for the New puzzle control (www/views/common/new-game.ts): its "Made…" line (in
 *  `control()`) goes with any new start or failure, so it never stands beside "Making…" or an
 *  error. */
export function newGameMessages(messages: Messages, control: () => HTMLElement): { say(text: string): void; showError(text: string | null): void } {
  const clear = () => {
    const line = control().querySelector('.new-made');
    if (line) line.textContent = '';
  };
  return {
    say(text) {
      clear();
      messages.say(text);
    },
    showError(text) {
      clear();
      messages.fail(text);
    },
  };
}

/** A new puzzle is on the board: the Load field holds its ID (not the puzzle before), and the
 *  board opens in Play, where typed digits are moves, not givens. */
export function openNewPuzzle(field: HTMLTextAreaElement, id: string, setMode: (m: Mode) => void): void {
  field.value = id;
  field.dispatchEvent(new Event('input')); // the field fits its rows to the text
  setMode('play');
}
