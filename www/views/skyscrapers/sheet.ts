// How a Skyscrapers puzzle looks on a worksheet (www/views/common/worksheet.ts): its clues and
// givens drawn by the board's renderer, and its solution as rows of digits (an answer key).

import { drawSky } from '../../render/skyscrapers';
import type { AnySolution } from '../../generated/types';
import type { WorksheetSetup } from '../common/worksheet';
import type { SkyPuzzle } from './state';

export const SKY_SHEET: Pick<WorksheetSetup<SkyPuzzle>, 'draw' | 'rows'> = {
  draw(p, _solution, s, theme) {
    const cells = p.givens.map((digit) => ({ digit, kind: digit ? ('given' as const) : ('empty' as const), cand: 0, fade: 0, bad: false }));
    drawSky(s, { n: p.n, clues: p.clues, cells, selected: null, showSelection: false, lines: [], focus: null, solved: false }, theme);
  },
  rows: (solution: AnySolution) => (solution as number[][]).map((row) => row.join(' ')),
};
