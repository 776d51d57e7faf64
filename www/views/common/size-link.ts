// The address of the N-Queens tabs: `#queens/12`, `#race/50?seed=7` (docs/FORMATS.md). The N and
// seed fields are the state: a link fills them in before the first run, and the address reads them.

import type { Settings } from '../../address';
import type { ViewState } from '../../link';

export function sizeLink(nInput: HTMLInputElement, seed?: { field: HTMLInputElement; current(): number }) {
  return {
    /** Fills the fields from a link (range errors are then reported by the run's own N check). */
    take(param: string | null, settings: Settings): void {
      if (param !== null) nInput.value = param;
      if (seed && settings.seed !== undefined) seed.field.value = settings.seed;
    },
    state(): ViewState {
      const n = nInput.value.trim();
      const settings: Settings = {};
      if (seed) {
        try {
          // The seed in use, typed or drawn, so the link replays the very run on screen.
          settings.seed = String(seed.current());
        } catch {
          // A malformed seed field: the view already says so; the link just leaves it out.
        }
      }
      return { puzzle: /^\d{1,8}$/.test(n) ? n : null, settings };
    },
  };
}
