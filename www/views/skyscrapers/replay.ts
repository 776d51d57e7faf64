// The Skyscrapers reducer behind the page's replay test (www/views/replay-spec.ts).

import type { Replay } from '../replay-spec';
import { applySkyEvent, freshWatch, type WatchView } from './state';
import type { SkyscrapersEvent, SkyscrapersPuzzle } from '../../generated/types';

export const REPLAY: Replay = {
  fresh: ({ puzzle }) => freshWatch(puzzle as SkyscrapersPuzzle),
  apply: (view, event) => applySkyEvent(view as WatchView, event as SkyscrapersEvent),
};
