// The address of the N-Queens tabs: `#queens/12`, `#race/50?seed=7` (docs/FORMATS.md). The N and
// seed fields are the state: a link fills them in before the first run, and the address reads them.

import type { Settings } from '../../address';
import { seedSetting } from './seed';
import { addLinkProblem, applyStep, expectStep, stepOf, type Seekable, type ViewState } from '../../link';
import { typedWhole } from './text';

/** Sets a view's options from a link's `opts=`; what could not be used goes to the link banner. */
export function takeOptions(options: LinkOptions | undefined, opts: [string, string][] | undefined): void {
  // The address is the state: a link without `opts=` means the view's defaults (an options form
  // puts back what the link does not name, e.g. a noise left from the lesson stop before).
  if (!opts) {
    options?.takeLinkOptions([]);
    return;
  }
  const problems = options ? options.takeLinkOptions(opts) : ['This view has no options to set.'];
  if (problems.length) addLinkProblem(`Some options in this link were not used. ${problems.join(' ')}`);
}

/** The options part (`opts=`) of a view's address, if it has options. */
export interface LinkOptions {
  linkOptions(): [string, string][];
  takeLinkOptions(pairs: [string, string][]): string[];
}

/**
 * `run` is the view's run, or for the race both sides with the Reset that restarts them together:
 * a link's step k then means step k of each side (the scrubber's meaning too), and the address
 * writes the further of the two.
 */
export function sizeLink(
  nInput: HTMLInputElement,
  seed?: { current(): number | string; set(text: string): void },
  options?: LinkOptions,
  run?: (Seekable & { reset(): Promise<unknown> }) | { runs: Seekable[]; reset(): Promise<unknown> },
) {
  const runs: Seekable[] = run ? ('runs' in run ? run.runs : [run]) : [];
  /** N as typed when it is one the view runs (the field's own min and max, which each view sets
   *  to the range its run checks), else null. */
  const validN = (): string | null => {
    const v = typedWhole(nInput.value, Number(nInput.min), Number(nInput.max));
    return Number.isNaN(v) ? null : String(v);
  };
  // The address only ever holds a state the page can open: while the field holds an N out of
  // range (which the view's sentence explains), the address keeps the last N that was valid.
  let lastValid = validN();
  return {
    /** Fills the fields from a link (range errors are then reported by the run's own N check). */
    take(param: string | null, settings: Settings): void {
      if (param !== null) nInput.value = param;
      // Read now, not at the next address write: a key typed before that must not fall back to
      // the N from before the link.
      lastValid = validN() ?? lastValid;
      if (seed && settings.seed !== undefined) seed.set(settings.seed);
      takeOptions(options, settings.opts);
    },
    /** Fills the fields from a link, starts the run over, and moves it to the link's step. */
    open(param: string | null, settings: Settings): void {
      this.take(param, settings);
      if (!run) return;
      runs.forEach((r) => expectStep(r, settings.step));
      void run.reset().then(() => runs.forEach((r) => applyStep(r, settings.step)));
    },
    state(): ViewState {
      lastValid = validN() ?? lastValid;
      const settings: Settings = {};
      const seedText = seed && seedSetting(seed);
      if (seedText !== undefined) settings.seed = seedText;
      const opts = options?.linkOptions() ?? [];
      if (opts.length) settings.opts = opts;
      const steps = runs.map(stepOf).filter((k) => k !== undefined);
      if (steps.length) settings.step = Math.max(...steps);
      return { puzzle: lastValid, settings };
    },
  };
}

/**
 * A row of on/off switches (a watch mode's techniques) as link options: `name:on` / `name:off` for
 * those that differ from how the page starts. Setting one fires its `change` event, so the view
 * reacts as to a click.
 */
export function switchOptions(boxes: Map<string, HTMLInputElement>, what: string): LinkOptions {
  const defaults = new Map([...boxes].map(([k, b]) => [k, b.checked]));
  return {
    linkOptions: () => [...boxes].filter(([k, b]) => b.checked !== defaults.get(k)).map(([k, b]) => [k, b.checked ? 'on' : 'off']),
    takeLinkOptions(pairs) {
      const problems: string[] = [];
      // The address is the state: a switch the link does not name takes its default, not
      // whatever an earlier link or click left it at.
      const wanted = new Map(defaults);
      for (const [name, value] of pairs) {
        const box = boxes.get(name);
        if (!box) problems.push(`There is no ${what} option "${name}": the options are ${[...boxes.keys()].join(', ')}.`);
        else if (value !== 'on' && value !== 'off') problems.push(`The ${what} option "${name}" must be on or off (got "${value}").`);
        else wanted.set(name, value === 'on');
      }
      for (const [name, box] of boxes) {
        const on = wanted.get(name)!;
        if (box.checked !== on) {
          box.checked = on;
          box.dispatchEvent(new Event('change'));
        }
      }
      return problems;
    },
  };
}
