// The Skyscrapers view: edit, play and watch one puzzle.

import type { ViewSpec } from '../view-spec';

export const VIEW: ViewSpec = {
  puzzle: 'skyscrapers',
  tabs: [{ hash: 'skyscrapers', title: 'Skyscrapers', settings: ['mode', 'algo', 'seed', 'opts', 'step', 'board'] }],
  help: [
    {
      title: 'Skyscrapers board (Edit and Play)',
      keys: [
        ['Arrow keys', 'Move the selection; in Edit mode it can leave the grid to the clue ring'],
        ['1–9, two digits quickly for 10 and up', 'Type a clue, a given or a height'],
        ['0, Backspace, Delete', 'Clear the selected cell or clue (in Play, also its pencil marks)'],
        ['P', 'Play: pencil marks on or off (digits then toggle small marks)'],
        ['H', 'Play: a hint (the next deduction from your digits)'],
        ['C', 'Play: check (mark mistakes now)'],
      ],
    },
  ],
};
