// The N-Queens views: backtracking, min-conflicts repair, and the two side by side.

import type { ViewSpec } from '../view-spec';

export const VIEW: ViewSpec = {
  puzzle: 'queens',
  tabs: [
    { hash: 'queens', title: 'N-Queens', settings: ['algo', 'opts', 'step'], sizeOnly: true },
    { hash: 'repair', title: 'Min-conflicts', settings: ['seed', 'opts', 'step'], sizeOnly: true },
    { hash: 'race', title: 'Search vs repair', settings: ['seed', 'opts', 'step'], sizeOnly: true },
  ],
  help: [],
};
