// The N-Queens views' mount functions, one per tab of tabs.ts (read by www/generated/views.ts).

import { mountQueens } from './backtracking';
import { mountRepair } from './repair';
import { mountRace } from './race';

export const MOUNT = { queens: mountQueens, repair: mountRepair, race: mountRace };
