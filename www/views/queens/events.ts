// The N-Queens event reducers, shared by the backtracking, repair and race views: each solver
// event applied to a plain view (render/queens.ts, render/repair.ts), returning its exact inverse
// (Step back), and the sentence the status line shows for it. Pure: no DOM; unit-tested by
// replaying real solver traces forwards and backwards.

import type { Undo } from '../../player';
import { sentence } from '../common/text';
import type { QueensView } from '../../render/queens';
import { pushChart, unpushChart, type RepairView } from '../../render/repair';

/** The backtracking solver's events (generated from the Rust type). */
export type { BacktrackEvent as QueensEvent, RepairEvent } from '../../generated/types';
import type { BacktrackEvent as QueensEvent, RepairEvent } from '../../generated/types';

/** Applies one backtracking event to `view`, returning its inverse. */
export function applyQueensEvent(view: QueensView, e: QueensEvent): Undo {
  const before = { attacked: view.attacked, deadRow: view.deadRow, focus: view.focus, solved: view.solved };
  const restore = () => Object.assign(view, before);
  switch (e.kind) {
    case 'place': {
      const prev = view.queens[e.row] ?? -1;
      view.queens[e.row] = e.col;
      view.focus = { row: e.row, col: e.col };
      view.deadRow = -1;
      view.attacked = null;
      return () => {
        view.queens[e.row] = prev;
        restore();
      };
    }
    case 'attacked':
      view.attacked = { row: e.row, cols: e.cols, by: e.by };
      return restore;
    case 'remove': {
      view.queens[e.row] = -1;
      view.focus = null;
      view.solved = false;
      return () => {
        view.queens[e.row] = e.col;
        restore();
      };
    }
    case 'backtrack':
      view.deadRow = e.row;
      view.attacked = null;
      return restore;
    case 'solution':
      view.solved = true;
      view.attacked = null;
      view.focus = null;
      return restore;
    case 'exhausted':
      view.attacked = null;
      view.focus = null;
      return restore;
  }
}

/** The sentence the solver wrote for an event of either algorithm (1-based rows and columns),
 *  as the status line shows it. */
export function describeEvent(e: QueensEvent | RepairEvent): string {
  return sentence(e.why);
}

/** Rows kept for the density view's highlight of recent moves. */
const RECENT = 64;

/** Applies one repair event to `view`, returning its inverse. */
export function applyRepairEvent(view: RepairView, e: RepairEvent): Undo {
  view.events++;
  const undo = applyRepair(view, e);
  return () => {
    undo();
    view.events--;
  };
}

function applyRepair(view: RepairView, e: RepairEvent): Undo {
  const before = { pick: view.pick, lastMove: view.lastMove, total: view.total, solved: view.solved, gaveUp: view.gaveUp };
  const restore = () => Object.assign(view, before);
  switch (e.kind) {
    case 'repairInit':
    case 'repairRestart': {
      const old = view.columns.slice();
      view.columns.set(e.columns);
      view.total = e.kind === 'repairInit' ? e.totalConflicts : e.totalAfter;
      view.pick = null;
      view.lastMove = null;
      pushChart(view, view.total, e.kind === 'repairRestart');
      const recent = view.recent;
      view.recent = [];
      return () => {
        view.columns.set(old);
        unpushChart(view, e.kind === 'repairRestart');
        view.recent = recent;
        restore();
      };
    }
    case 'repairPick':
      view.pick = {
        row: e.row,
        col: e.col,
        candidates: e.candidates,
        counts: e.counts,
        best: e.best,
        tabu: e.tabu ?? null,
      };
      view.lastMove = null;
      return restore;
    case 'repairMove':
    case 'repairSwap': {
      const moves: [number, number, number][] =
        e.kind === 'repairMove'
          ? [[e.row, e.from, e.to]]
          : [
              [e.rowA, e.colA, e.colB],
              [e.rowB, e.colB, e.colA],
            ];
      for (const [row, , to] of moves) view.columns[row] = to;
      view.total = e.totalAfter;
      pushChart(view, e.totalAfter, false);
      view.lastMove = { row: moves[0]![0], from: moves[0]![1], to: moves[0]![2] };
      const recentBefore = view.recent;
      view.recent = [...recentBefore.slice(-(RECENT - moves.length)), ...moves.map((m) => m[0])];
      return () => {
        for (const [row, from] of moves) view.columns[row] = from;
        unpushChart(view, false);
        view.recent = recentBefore;
        restore();
      };
    }
    case 'repairSolution':
      view.solved = true;
      view.pick = null;
      return restore;
    case 'repairGaveUp':
      view.gaveUp = e.why;
      return restore;
  }
}
