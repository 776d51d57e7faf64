// The Hashiwokakero reducer behind the page's replay test (www/views/replay-spec.ts).

import type { Replay } from '../replay-spec';
import { applyWatch, freshWatch, type WatchView } from './state';
import type { HashiEvent, HashiLayout } from '../../generated/types';

export const REPLAY: Replay = {
  fresh: ({ layout }) => freshWatch(layout as HashiLayout),
  apply: (view, event) => applyWatch(view as WatchView, event as HashiEvent),
};
