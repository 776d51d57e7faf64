// The Hashiwokakero view: edit, play and watch one puzzle.

import type { ViewSpec } from '../view-spec';

export const VIEW: ViewSpec = {
  puzzle: 'hashi',
  tabs: [{ hash: 'hashi', title: 'Hashiwokakero', settings: ['mode', 'opts', 'step', 'board'] }],
  help: [
    {
      title: 'Hashiwokakero board',
      keys: [
        ['Arrow keys', 'Move the cursor'],
        ['1–8, #', 'Edit: an island of that many bridges, or one whose number is unknown'],
        ['+ / −', 'Edit: raise or lower the island under the cursor'],
        ['0, ., Backspace, Delete', 'Edit: remove the island'],
        ['Enter or Space', 'Edit: add an island. Play: select the island under the cursor'],
        ['Arrow keys with an island selected', 'Play: lay a bridge that way (a third press removes it)'],
        ['Escape', 'Play: drop the selection'],
        ['H', 'Play: ask for a hint'],
        ['C', 'Play: check now (marks mistakes even with "Mark mistakes as I play" off)'],
      ],
    },
  ],
};
