// Skyscrapers' data as the page holds it, and the watch mode's event reducer: each solver event
// applied to a plain candidate view, returning its exact inverse (Step back). Pure: no DOM, no
// wasm; the unit tests replay real solver traces through `applySkyEvent` forwards and backwards.

import type { Undo } from '../../player';
import type { Verdict } from '../../protocol';
import type { LineMark } from '../../render/skyscrapers';
import { prefixed, sentence } from '../shared/text';

/** The editor's puzzle, as tools::SkyPuzzle: clues top, bottom, left, right (0 = none). */
export interface SkyPuzzle {
  n: number;
  clues: number[][];
  givens: number[];
}

export interface Exports {
  tatham: string | null;
  puzzlink: string | null;
  plain: string;
}

export interface Parsed {
  puzzle: SkyPuzzle;
  exports: Exports;
}

export interface Change {
  row: number;
  col: number;
  before: number;
  after: number;
}

/** The solver's events (src/puzzles/skyscrapers/solve.rs, `Event`). */
export type SkyEvent =
  | { kind: 'skyDeduce'; reason: string; line: LineMark | null; value: number | null; why: string; changes: Change[] }
  | { kind: 'skyGuess'; row: number; col: number; value: number; depth: number; why: string; changes: Change[] }
  | { kind: 'skyBacktrack'; row: number; col: number; value: number; depth: number; changes: Change[] }
  | { kind: 'skyContradiction'; line: LineMark | null; cells: [number, number][]; why: string }
  | { kind: 'skySolution'; grid: number[][]; number: number }
  | { kind: 'skyExhausted'; solutions: number };

export interface Mistake {
  row: number;
  col: number;
  value: number;
  why: string;
}

export type Hint =
  | { kind: 'solved' }
  | { kind: 'mistake'; row: number; col: number; value: number; why: string }
  | { kind: 'contradiction'; cells: [number, number][]; why: string }
  | {
      kind: 'place';
      row: number;
      col: number;
      value: number;
      reason: string;
      line: LineMark | null;
      why: string;
      steps: string[];
      changes: Change[];
    }
  | { kind: 'eliminate'; reason: string; line: LineMark | null; why: string; changes: Change[] }
  | { kind: 'guess'; why: string };

/** What the solver animation shows: candidate masks plus the current step's highlights. */
export interface WatchView {
  n: number;
  cand: number[];
  /** Candidates the current event eliminated, per cell index. */
  fade: { index: number; mask: number }[];
  line: LineMark | null;
  focus: { row: number; col: number; tone: 'guess' | 'backtrack' } | null;
  bad: [number, number][];
  why: string;
  depth: number;
  /** Kind of the current step, for the status line's colour. */
  tone: '' | 'deduce' | 'guess' | 'backtrack' | 'contradiction' | 'solution';
  /** Cells of the open guesses, oldest first (drawn in the guess colour). */
  guesses: number[];
  /** Solutions found so far (rows of heights). */
  solutions: number[][][];
  /** Set by an instant Solve. */
  verdict: Verdict | null;
}

export function emptyPuzzle(n: number): SkyPuzzle {
  return { n, clues: [0, 1, 2, 3].map(() => new Array<number>(n).fill(0)), givens: new Array<number>(n * n).fill(0) };
}

export function full(n: number): number {
  return n >= 32 ? 0xffffffff : (1 << n) - 1;
}

export function singleValue(mask: number): number {
  if (mask === 0 || (mask & (mask - 1)) !== 0) return 0;
  return 31 - Math.clz32(mask) + 1;
}

/** The animation's starting point: every empty cell has all N candidates, givens their digit. */
export function freshWatch(p: SkyPuzzle): WatchView {
  return {
    n: p.n,
    cand: p.givens.map((g) => (g > 0 ? 1 << (g - 1) : full(p.n))),
    fade: [],
    line: null,
    focus: null,
    bad: [],
    why: '',
    depth: 0,
    tone: '',
    guesses: [],
    solutions: [],
    verdict: null,
  };
}

/** Applies one solver event to the view and returns its exact inverse. */
export function applySkyEvent(view: WatchView, e: SkyEvent): Undo {
  const meta = { fade: view.fade, line: view.line, focus: view.focus, bad: view.bad, why: view.why, depth: view.depth, guesses: view.guesses, tone: view.tone };
  const restoreMeta = () => Object.assign(view, meta);
  const applyChanges = (changes: Change[]): Undo => {
    const prev = changes.map((c) => view.cand[c.row * view.n + c.col]!);
    const fade: { index: number; mask: number }[] = [];
    changes.forEach((c, k) => {
      const i = c.row * view.n + c.col;
      const gone = prev[k]! & ~c.after;
      if (gone !== 0) fade.push({ index: i, mask: gone });
      view.cand[i] = c.after;
    });
    view.fade = fade;
    return () => {
      for (let k = changes.length - 1; k >= 0; k--) {
        const c = changes[k]!;
        view.cand[c.row * view.n + c.col] = prev[k]!;
      }
      restoreMeta();
    };
  };
  switch (e.kind) {
    case 'skyDeduce': {
      const undo = applyChanges(e.changes);
      view.line = e.line;
      view.focus = null;
      view.bad = [];
      view.why = sentence(e.why);
      view.tone = 'deduce';
      return undo;
    }
    case 'skyGuess': {
      const undo = applyChanges(e.changes);
      view.line = null;
      view.focus = { row: e.row, col: e.col, tone: 'guess' };
      view.bad = [];
      view.why = prefixed('Guess', e.why);
      view.tone = 'guess';
      view.guesses = [...view.guesses, e.row * view.n + e.col];
      view.depth = e.depth;
      return undo;
    }
    case 'skyBacktrack': {
      const undo = applyChanges(e.changes);
      view.fade = [];
      view.line = null;
      view.focus = { row: e.row, col: e.col, tone: 'backtrack' };
      view.bad = [];
      view.guesses = view.guesses.slice(0, -1);
      view.tone = 'backtrack';
      view.why = `Backtrack: ${e.value} at row ${e.row + 1}, column ${e.col + 1} led nowhere, so ${e.changes.length} cell${e.changes.length === 1 ? '' : 's'} go back to how they were before that guess.`;
      view.depth = e.depth;
      return undo;
    }
    case 'skyContradiction':
      view.fade = [];
      view.line = e.line;
      view.focus = null;
      view.bad = e.cells;
      view.why = prefixed('Contradiction', e.why);
      view.tone = 'contradiction';
      return restoreMeta;
    case 'skySolution':
      view.solutions.push(e.grid);
      view.fade = [];
      view.line = null;
      view.focus = null;
      view.bad = [];
      view.tone = 'solution';
      view.why = `Solution ${e.number} found; the search goes on to prove whether there is another.`;
      return () => {
        view.solutions.pop();
        restoreMeta();
      };
    case 'skyExhausted':
      view.fade = [];
      view.line = null;
      view.focus = null;
      view.bad = [];
      view.why = 'Every branch has been explored.';
      view.tone = '';
      return restoreMeta;
  }
}

