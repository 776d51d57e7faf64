// What the colours on the N-Queens boards mean (render/queens.ts and render/repair.ts draw them).

import type { LegendItem } from '../common/legend';

export const SEARCH_LEGEND: LegendItem[] = [
  { swatch: 'frame', colour: 'accent', text: 'Square just tried' },
  { swatch: 'digit', colour: 'attack', glyph: '✕', text: 'Attacked in the row being filled (crossed, orange)' },
  { swatch: 'hatch', colour: 'bad', alpha: 0.35, text: 'Row with no safe square: backtrack (striped)' },
  { swatch: 'frame', colour: 'good', text: 'Solution: every queen\'s square framed' },
];

export const REPAIR_LEGEND: LegendItem[] = [
  { swatch: 'ring', colour: 'attack', text: 'Queen chosen to move, ringed (a conflicted one, at random)' },
  { swatch: 'fill', colour: 'accent', alpha: 0.16, text: 'Its row, with the conflicts of each column' },
  { swatch: 'frame', colour: 'good', text: 'Least-conflicted columns (ties broken at random)' },
  { swatch: 'dashed', colour: 'accent', text: 'Where the last move came from' },
  { swatch: 'frame', colour: 'good', text: 'Solution: no queen attacks another (squares framed)' },
];
