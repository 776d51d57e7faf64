// Where the puzzle on a grid view's board comes from, the same for every grid puzzle: the Load
// field and button, a link's puzzle (the example when a first link fails), the example on a first
// visit, and a New puzzle. One load wins at a time: a later load, an edit or a new puzzle drops
// an answer still on its way. Every parse comes from wasm; the view only puts the parsed puzzle
// on its board (its reducer) and says what it is.

import { h } from '../../dom';
import { addLinkProblem } from '../../link';
import { puzzleInfo } from '../../registry';
import type { Generated, Parsed } from '../../generated/types';
import type { SolverClient, SolverModule } from '../../solver-client';
import { loadField } from './load-field';
import { openNewPuzzle, type Messages, type Mode } from './shell';
import { sentence } from './text';

export interface SourceSetup<P> {
  /** The puzzle's registry name. */
  puzzle: SolverModule;
  /** The ids of the Load field and its button. */
  ids: { field: string; button: string };
  client: SolverClient;
  messages: Messages;
  /** Puts a parsed puzzle on the board and says what it is; `how` says where it came from. */
  put(parsed: Parsed<P>, how: string): void | Promise<void>;
  /** Records the puzzle on the board for Undo, before a change the user asked for. */
  before(): void;
  /** Whether a puzzle is on the board (a link that fails then keeps it instead of the example). */
  shown(): boolean;
  /** After a load failed: the board shows its puzzle as it was (Hashiwokakero lays it out again). */
  failed?(): void | Promise<void>;
  /** Rust's sentence about the puzzle on the board when it has no solution or several (Check's
   *  solvabilitySays), or null when there is nothing to check. */
  solvability(): Promise<string | undefined> | null;
}

export interface Source<P> {
  /** The Load field and its button. */
  field: HTMLTextAreaElement;
  button: HTMLButtonElement;
  /** Null once loaded; otherwise why not ('' when something later overtook it). */
  load(text: string, how: string, undoable?: boolean): Promise<string | null>;
  /** An edit or a new board of the user's wins over a load still in flight. */
  supersede(): void;
  /** First showing: the linked puzzle, else `kept()` (a puzzle kept from before, true if it put
   *  one on the board), else the example; true when a linked puzzle opened. */
  start(param: string | null, kept?: () => boolean): Promise<boolean>;
  /** A link's puzzle (once per distinct link); true when it is the one on the board. */
  open(param: string | null): Promise<boolean>;
  /** Loads in flight: the address waits for them. */
  pending(): boolean;
  /** Puts a puzzle from New puzzle on the board: its ID in the Load field, Play mode. */
  made(made: Generated<P>, setMode: (m: Mode) => void): Promise<void>;
}

export function puzzleSource<P>(s: SourceSetup<P>): Source<P> {
  const info = puzzleInfo(s.puzzle);
  /** The puzzle's name without the registry's other name in brackets ("Hashiwokakero"). */
  const name = info.title.replace(/ \(.*\)$/, '');
  let seq = 0;
  let pending = 0;
  let linked: string | null = null;
  let linkedOk = false;

  const field = loadField(s.ids.field, 'Puzzle to load: Tatham ID, puzz.link URL or plain grid', () => loadTyped());
  const button = h('button', { type: 'button', id: s.ids.button }, 'Load') as HTMLButtonElement;
  button.addEventListener('click', () => loadTyped());

  function loadTyped(): void {
    const text = field.value.trim();
    if (!text) {
      s.messages.fail('Paste a Tatham ID, a puzz.link URL or a plain grid first.');
      return;
    }
    void load(text, 'Loaded', true);
  }

  async function load(text: string, how: string, undoable = false): Promise<string | null> {
    const my = ++seq;
    pending++;
    try {
      let parsed: Parsed<P>;
      try {
        parsed = await s.client.call<Parsed<P>>('parse', s.puzzle, text);
      } catch (e) {
        if (my !== seq) return '';
        const why = e instanceof Error ? e.message : String(e);
        await s.failed?.();
        if (my === seq) s.messages.report(e);
        return my === seq ? why : '';
      }
      if (my !== seq) return '';
      if (undoable) s.before();
      await s.put(parsed, how);
      // A loaded puzzle may have no solution or several: Rust's check says which.
      const verdict = how === 'Loaded' ? s.solvability() : null;
      if (verdict) void s.messages.sayWithSolvability(s.messages.status.textContent ?? '', verdict);
      return null;
    } finally {
      pending--;
    }
  }

  async function open(param: string | null): Promise<boolean> {
    if (param === null) return false;
    if (param === linked) return linkedOk;
    linked = param;
    pending++; // from the failed link to the example, the address keeps the link
    try {
      field.value = param;
      field.dispatchEvent(new Event('input'));
      const had = s.shown();
      const failed = await load(param, 'Opened from the link');
      linkedOk = failed === null;
      if (failed) {
        // Said in the banner too (www/link.ts), so a bad link never passes for the example or for
        // the puzzle shown before it; a later link that fails leaves the puzzle from before.
        addLinkProblem(`The ${name} puzzle in this link could not be opened. ${sentence(failed)} ${had ? 'The puzzle from before is kept.' : 'The example puzzle is shown instead.'}`);
        if (!had) {
          await load(info.example, 'Example');
          s.messages.fail(failed);
        }
      }
      return linkedOk;
    } finally {
      pending--;
    }
  }

  return {
    field,
    button,
    load,
    supersede: () => void ++seq,
    async start(param, kept) {
      if (param !== null) return open(param);
      if (!kept?.()) await load(info.example, 'Example');
      return false;
    },
    open,
    pending: () => pending > 0,
    async made(made, setMode) {
      ++seq; // the new puzzle wins over a load still in flight
      s.before();
      await s.put(made, 'New puzzle');
      openNewPuzzle(field, made.exports.tatham ?? made.exports.plain.replace(/\n/g, '/'), setMode);
    },
  };
}
