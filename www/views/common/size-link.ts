// The address of the N-Queens tabs: `#queens/12`, `#race/50?seed=7` (docs/FORMATS.md). The N and
// seed fields are the state: a link fills them in before the first run, and the address reads them.

import type { Settings } from '../../address';
import { addLinkProblem, type ViewState } from '../../link';

/** The options part (`opts=`) of a view's address, if it has options. */
export interface LinkOptions {
  linkOptions(): [string, string][];
  takeLinkOptions(pairs: [string, string][]): string[];
}

export function sizeLink(nInput: HTMLInputElement, seed?: { field: HTMLInputElement; current(): number }, options?: LinkOptions) {
  return {
    /** Fills the fields from a link (range errors are then reported by the run's own N check). */
    take(param: string | null, settings: Settings): void {
      if (param !== null) nInput.value = param;
      if (seed && settings.seed !== undefined) seed.field.value = settings.seed;
      if (settings.opts) {
        const problems = options ? options.takeLinkOptions(settings.opts) : ['This view has no options to set.'];
        if (problems.length) addLinkProblem(`Some options in this link were not used. ${problems.join(' ')}`);
      }
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
      const opts = options?.linkOptions() ?? [];
      if (opts.length) settings.opts = opts;
      return { puzzle: /^\d{1,8}$/.test(n) ? n : null, settings };
    },
  };
}
