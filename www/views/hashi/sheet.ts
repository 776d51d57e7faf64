// How a Hashiwokakero puzzle looks on a worksheet (www/views/common/worksheet.ts): its islands
// drawn by the board's renderer, and for the solutions page the solver's bridges on them.

import { drawHashi } from '../../render/hashi';
import type { Bridge } from '../../generated/types';
import type { WorksheetSetup } from '../common/worksheet';
import type { HashiPuzzle } from './state';

export const HASHI_SHEET: Pick<WorksheetSetup<HashiPuzzle>, 'draw'> = {
  draw(p, solution, s, theme) {
    const edges = ((solution ?? []) as Bridge[]).map((b) => ({ a: b.a, b: b.b, n: b.n, hi: b.n, mark: '' as const }));
    drawHashi(
      s,
      { width: p.width, height: p.height, cells: p.cells, edges, finished: new Set(), bad: new Set(), highlight: new Set(), focus: null, selected: null, cursor: null, grid: false, drag: null, solved: false },
      theme,
    );
  },
};
