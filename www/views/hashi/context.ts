// What the Hashiwokakero modes share: the puzzle and its wasm-computed layout, the mode, the
// cursor, the board and status elements, and the redraw / refresh actions index.ts provides.

import type { Cell } from '../../render/hashi';
import type { SolverClient } from '../../solver-client';
import type { Exports, HashiPuzzle, Layout } from './state';
import type { Messages, Mode } from '../common/shell';

export type { Mode };

export interface HashiCtx {
  client: SolverClient;
  puzzle: HashiPuzzle;
  exports: Exports | null;
  layout: Layout | null;
  /** Candidate edge id by `key(a, b)`. */
  edgeByKey: Map<string, number>;
  mode: Mode;
  /** Keyboard cursor (cell index). */
  cursor: number;
  /** The board has focus (the cursor is drawn). */
  focused: boolean;
  /** Bumped by every edit and load: answers computed for an older board are dropped. */
  version: number;
  canvas: HTMLCanvasElement;
  status: HTMLElement;
  /** The view's one message line (www/views/common/shell.ts). */
  messages: Messages;
  showError(message: string | null): void;
  draw(): void;
  /** Re-exports and re-lays-out the edited puzzle; the play bridges and the run start over. */
  refresh(): Promise<void>;
  setMode(m: Mode): void;
  /** New puzzle made `p` at `level` (null: none asked), before it goes on the board. */
  generated(p: HashiPuzzle, level: string | null): void;
  /** Shows the current mode again (panels, help, status). */
  enterMode(): void;
  /** Arrow keys move the cursor; false for any other key. */
  moveCursor(e: KeyboardEvent): boolean;
  /** The board cell under a pointer, and the pointer in canvas pixels. */
  pointerCell(ev: PointerEvent | WheelEvent): { cell: Cell | null; x: number; y: number };
}

export const isIsland = (v: number | undefined) => v !== undefined && v !== 0 && v !== 255;
