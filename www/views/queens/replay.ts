// The N-Queens reducers behind the page's replay test (www/views/replay-spec.ts).

import type { Replay } from '../replay-spec';
import { applyQueensEvent, applyRepairEvent } from './events';
import { emptyQueensView, type QueensView } from '../../render/queens';
import { emptyRepairView, type RepairView } from '../../render/repair';
import type { BacktrackEvent, RepairEvent } from '../../generated/types';

const repairing = (algorithm: string) => algorithm === 'repair';

export const REPLAY: Replay = {
  fresh({ algorithm, puzzle }) {
    const { n } = puzzle as { n: number };
    return repairing(algorithm) ? emptyRepairView(n) : emptyQueensView(n);
  },
  apply(view, event, algorithm) {
    return repairing(algorithm) ? applyRepairEvent(view as RepairView, event as RepairEvent) : applyQueensEvent(view as QueensView, event as BacktrackEvent);
  },
};
