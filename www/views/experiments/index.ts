// The Experiments tab: the scaling experiment (search against repair as N grows) and the
// min-conflicts trials, one shown at a time. The address holds which one, its seed and every
// field that differs from its default (`#experiments/trials?seed=4&opts=trials:50,series:mc-tabu`),
// so a link reproduces the same runs; results are not in the address, Run makes them again.

import { h, featureSection } from '../../dom';
import { addLinkProblem } from '../../link';
import { ExperimentPool } from '../../experiment-pool';
import { isSeedText, type Settings } from '../../address';
import type { Feature } from '../feature';
import { scalingExperiment } from './scaling';
import { trialsExperiment } from './trials';

type Which = 'scaling' | 'trials';

export function mountExperiments(): Feature {
  const seed = h('input', { type: 'text', id: 'exp-seed', value: '1', inputmode: 'numeric', size: '8', 'aria-describedby': 'exp-seed-help' });
  // Each experiment has its own pool, so one can run while the other is looked at.
  const scaling = scalingExperiment(new ExperimentPool('queens'), () => seed);
  const trials = trialsExperiment(new ExperimentPool('queens'), () => seed);
  const experiments = { scaling, trials };
  const pick = (Object.keys(experiments) as Which[]).map((w) =>
    h('button', { type: 'button', id: `exp-show-${w}`, 'aria-pressed': 'false' }, w === 'scaling' ? 'Scaling: search vs repair' : 'Min-conflicts trials'),
  );
  let which: Which = 'scaling';
  const element = featureSection(
    'experiments',
    'Experiments',
    'Measure what the boards show one step at a time: how the work grows with N for search and for repair, and how the repair options change the article’s numbers. The runs are shared out over your processor’s cores; each can be cancelled, and the table downloads as CSV.',
    h('div', { class: 'params experiment-pick', role: 'group', 'aria-label': 'Experiment' }, ...pick),
    h('p', { class: 'params' }, h('label', {}, 'Seed', seed), h('span', { class: 'help', id: 'exp-seed-help' }, 'Run t uses seed + t, so the same seed gives the same runs.')),
    scaling.element,
    trials.element,
  );

  function choose(w: Which): void {
    which = w;
    for (const [k, b] of pick.entries()) b.setAttribute('aria-pressed', String((Object.keys(experiments) as Which[])[k] === w));
    scaling.element.hidden = w !== 'scaling';
    trials.element.hidden = w !== 'trials';
    refresh();
    experiments[w].redraw();
  }
  pick.forEach((b, k) => b.addEventListener('click', () => choose((Object.keys(experiments) as Which[])[k]!)));

  function refresh(): void {
    for (const e of Object.values(experiments)) e.setCommand(e.command());
  }
  element.addEventListener('input', refresh);
  element.addEventListener('change', refresh);
  window.addEventListener('resize', () => {
    if (!element.hidden) experiments[which].redraw();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => experiments[which].redraw());

  let started = false;
  return {
    element,
    key: () => false,
    show(param: string | null, settings: Settings = {}) {
      element.hidden = false;
      const fromLink = param !== null || Object.keys(settings).length > 0;
      if (fromLink || !started) {
        const problems: string[] = [];
        let w: Which = which;
        if (param === 'scaling' || param === 'trials') w = param;
        else if (param !== null) problems.push(`The experiments are scaling and trials (the link names "${param.slice(0, 24)}").`);
        if (settings.seed !== undefined) seed.value = settings.seed;
        if (fromLink || !started) problems.push(...experiments[w].open(settings.opts ?? []));
        for (const p of problems) addLinkProblem(p);
        choose(w);
      } else choose(which);
      started = true;
    },
    hide() {
      element.hidden = true;
    },
    state() {
      const s = seed.value.trim();
      const opts = experiments[which].params();
      // A wrong field leaves the address at the last settings that could run.
      if (opts === null || !isSeedText(s)) return null;
      return { puzzle: which, settings: { ...(s !== '1' ? { seed: s } : {}), ...(opts.length ? { opts } : {}) } };
    },
  };
}
