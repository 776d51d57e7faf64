// Hashiwokakero's data as the page holds it, and the watch mode's event reducer: each solver event
// applied to a plain view state, returning its exact inverse (Step back). Pure: no DOM, no wasm;
// the unit tests replay real solver traces through `applyWatch` forwards and backwards.

import type { Undo } from '../../player';
import type { Cell, EdgeMark } from '../../render/hashi';

export interface HashiPuzzle {
  width: number;
  height: number;
  cells: number[];
  maxBridges: number;
  noLoops: boolean;
}
export interface Exports {
  tatham: string | null;
  puzzlink: string | null;
  plain: string;
}
export interface LayoutEdge {
  id: number;
  a: Cell;
  b: Cell;
  islandA: number;
  islandB: number;
  cap: number;
  horizontal: boolean;
  crosses: number[];
}
export interface Layout {
  width: number;
  height: number;
  maxBridges: number;
  islands: { id: number; row: number; col: number; need: number }[];
  edges: LayoutEdge[];
}
export interface Bridge {
  a: Cell;
  b: Cell;
  n: number;
}
export interface BoardReport {
  finished: Cell[];
  overfull: Cell[];
  crossing: [Bridge, Bridge][];
  invalid: Bridge[];
  mistakes: Bridge[];
  solved: boolean;
}
export interface Hint {
  kind: 'solved' | 'deduction' | 'mistake' | 'guess' | 'noSolution';
  rule: string | null;
  why: string;
  islands: Cell[];
  bridges: Bridge[];
  because: string[];
}

/** The solver's events (src/puzzles/hashi/solve.rs, `Event`). */
export type HashiEvent =
  | { kind: 'hashiRule'; rule: string; islands: Cell[]; edges: number[]; why: string }
  | { kind: 'hashiRange'; edge: number; a: Cell; b: Cell; before: [number, number]; after: [number, number]; rule: string }
  | { kind: 'hashiFocus'; island: Cell | null; previous: Cell | null }
  | { kind: 'hashiMatrixTree'; counts: [number, number]; islands: number; edges: number; why: string }
  | { kind: 'hashiGuess'; edge: number; a: Cell; b: Cell; value: number; depth: number; why: string }
  | { kind: 'hashiDeadEnd'; rule: string; islands: Cell[]; why: string }
  | { kind: 'hashiBacktrack'; edge: number; depth: number }
  | { kind: 'hashiSolution'; bridges: Bridge[] }
  | { kind: 'hashiRestart'; restarts: number }
  | { kind: 'hashiExhausted'; solutions: number };

/** What the watch mode shows; every field is restored by the undo of the event that changed it. */
export interface WatchView {
  ranges: [number, number][];
  focus: Cell | null;
  islands: Cell[];
  edges: number[];
  mark: EdgeMark;
  dead: Cell[];
  /** The sentence on the last step (the status line while stepping). */
  line: string;
  matrixTree: string;
  prunes: number;
  guesses: number;
  /** Restarts so far (the counter beside the board follows the step on screen, not the frame). */
  restarts: number;
  solutions: Bridge[][];
}

/** One key per unordered pair of cells. */
export const key = (a: Cell, b: Cell) => {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]) ? [a, b] : [b, a];
  return `${p[0]},${p[1]}-${q[0]},${q[1]}`;
};

/** The bridges as `r,c-r,cxN;…` (0-based, sorted): the board's data attribute. */
export function bridgeList(items: { a: Cell; b: Cell; n: number }[]): string {
  return items
    .filter((b) => b.n > 0)
    .map((b) => `${key(b.a, b.b)}x${b.n}`)
    .sort()
    .join(';');
}

/** The watch view before any event: every candidate edge may carry 0 to its capacity. */
export function freshWatch(layout: Layout | null): WatchView {
  return {
    ranges: layout ? layout.edges.map((e) => [0, e.cap] as [number, number]) : [],
    focus: null,
    islands: [],
    edges: [],
    mark: '',
    dead: [],
    line: '',
    matrixTree: '',
    prunes: 0,
    guesses: 0,
    restarts: 0,
    solutions: [],
  };
}

/** Applies one solver event to `view` and returns its exact inverse. */
export function applyWatch(view: WatchView, e: HashiEvent): Undo {
  // Every field is put back from this shallow copy; the two mutated in place (a range, the
  // solutions list) are restored by the cases that change them.
  const before = { ...view };
  const restore = () => Object.assign(view, before);
  view.line = 'why' in e ? e.why : view.line;
  switch (e.kind) {
    case 'hashiRule':
      view.islands = e.islands;
      view.edges = e.edges;
      view.mark = 'rule';
      view.dead = [];
      return restore;
    case 'hashiRange': {
      const old = view.ranges[e.edge];
      if (!old) throw new Error(`hashiRange: no edge ${e.edge} on this board`);
      view.ranges[e.edge] = [e.after[0], e.after[1]];
      if (e.rule === 'undo') view.line = `Back: ${e.a[0] + 1},${e.a[1] + 1}–${e.b[0] + 1},${e.b[1] + 1} may again carry ${e.after[0]} to ${e.after[1]}.`;
      return () => {
        view.ranges[e.edge] = old;
        restore();
      };
    }
    case 'hashiFocus':
      view.focus = e.island;
      return restore;
    case 'hashiMatrixTree':
      view.prunes++;
      view.matrixTree = `Matrix-tree: ${e.islands} islands, ${e.edges} possible edges, spanning trees ≡ ${e.counts[0]} and ${e.counts[1]} (mod 10⁹+7, 998244353): pruned.`;
      return restore;
    case 'hashiGuess':
      view.guesses++;
      view.islands = [e.a, e.b];
      view.edges = [e.edge];
      view.mark = 'guess';
      view.dead = [];
      view.line = `Guess (depth ${e.depth}): ${e.why}`;
      return restore;
    case 'hashiDeadEnd':
      view.dead = e.islands;
      view.line = `Dead end: ${e.why}`;
      return restore;
    case 'hashiBacktrack':
      view.islands = [];
      view.edges = [e.edge];
      view.mark = 'bad';
      view.line = `Backtrack: no value left for the guessed edge at depth ${e.depth}.`;
      return restore;
    case 'hashiSolution':
      view.solutions = [...view.solutions, e.bridges];
      view.line = `Solution ${view.solutions.length} found.`;
      view.islands = [];
      view.edges = [];
      return restore;
    case 'hashiRestart':
      // The `hashiRange` undo events just before it already put the root's ranges back; the
      // restart itself only clears the marks of the abandoned branch and says why.
      view.restarts = e.restarts;
      view.focus = null;
      view.islands = [];
      view.edges = [];
      view.mark = '';
      view.dead = [];
      view.line = `Restart ${e.restarts}: too many backtracks in this run, so the search starts again from the root, trying first the islands that failed most.`;
      return restore;
    case 'hashiExhausted':
      view.focus = null;
      view.islands = [];
      view.edges = [];
      view.dead = [];
      return restore;
  }
}
