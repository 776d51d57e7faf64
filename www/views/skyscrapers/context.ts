// What the Skyscrapers modes share: the puzzle, the mode, the selected slot, the board and status
// elements, and the actions index.ts provides (redraw, value entry, and the two ways the puzzle
// changes, which every mode must hear about).

import { ringClue } from '../../render/skyscrapers';
import type { SolverClient } from '../../solver-client';
import type { SkyPuzzle } from './state';
import type { Messages, Mode } from '../common/shell';

export type { Mode };

/** A slot in ring coordinates: (1..N, 1..N) is a cell, row or column 0 or N+1 a clue. */
export interface Slot {
  R: number;
  C: number;
}

export interface SkyCtx {
  client: SolverClient;
  puzzle: SkyPuzzle;
  mode: Mode;
  /** Selected slot. */
  sel: Slot;
  canvas: HTMLCanvasElement;
  status: HTMLElement;
  /** The view's one message line (www/views/common/shell.ts). */
  messages: Messages;
  showError(message: string | null): void;
  /** Shows an error from a wasm call, unless it was cancelled. */
  report(e: unknown): void;
  draw(): void;
  setMode(m: Mode): void;
  /** Sets the selected slot to `v` (0 clears), as the current mode means it. */
  setValue(v: number): void;
  /** Clues or givens were edited: stale play marks and the watch run are dropped. */
  edited(): void;
  /** New puzzle made `p` at `level` (null: none asked), before it goes on the board. */
  generated(p: SkyPuzzle, level: string | null): void;
  /** A new puzzle, perhaps of another size: selection, player's digits, digit pad and run start over. */
  replaced(): void;
}

const SIDE_WORDS = ['above column', 'below column', 'left of row', 'right of row'];

export function cellSlot(n: number, s: Slot): boolean {
  return s.R >= 1 && s.R <= n && s.C >= 1 && s.C <= n;
}

/** The slot as the board's data attribute names it (the e2e tests read it). */
export function selName(n: number, s: Slot): string {
  const cl = ringClue(n, s.R, s.C);
  if (cl) return `clue:${['top', 'bottom', 'left', 'right'][cl.side]},${cl.i}`;
  return `cell:${s.R - 1},${s.C - 1}`;
}

/** The slot in words, for the status line and the board's label. */
export function selText(n: number, s: Slot): string {
  const cl = ringClue(n, s.R, s.C);
  if (cl) return `clue ${SIDE_WORDS[cl.side]} ${cl.i + 1}`;
  return `row ${s.R}, column ${s.C}`;
}
