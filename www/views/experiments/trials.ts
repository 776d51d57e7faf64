// The min-conflicts article's table in the browser: T seeded repair runs per N for each chosen
// series (the article's algorithm, and the same with one improvement each: conflict set, greedy
// start, tabu, noise; and swap repair), with a run-length distribution (AIspace's local-search
// plot): for each number of moves, the share of runs solved within it. Trial t has seed S + t for
// every N and series, so the series are compared on the same seeds.

import { h } from '../../dom';
import { readTheme } from '../../render/canvas';
import { drawXYPlot, PALETTE, type XYSeries } from '../../render/xy-plot';
import { fitChart } from '../queens/repair';
import type { ExperimentPool } from '../../experiment-pool';
import { en, field, formatMs, linkProblems, panel, seedText, whole, type Finished } from './panel';

interface SeriesChoice {
  code: string;
  label: string;
  name(): string;
}

export interface TrialsParams {
  sizes: string;
  trials: string;
  series: string;
  tabu: string;
  noise: string;
}

export const TRIALS_DEFAULTS: TrialsParams = { sizes: '8-16-32-64-128-256', trials: '100', series: 'mc-greedy', tabu: '5', noise: '0.05' };

/** Readable names of the canonical series (src/puzzles/queens/experiment.rs). */
export function seriesLabel(name: string): string {
  const words: Record<string, string> = { swap: 'swap repair', repair: 'repair', 'min-conflicts': 'min-conflicts', 'conflict-set': 'conflict set', greedy: 'greedy start' };
  if (name === 'min-conflicts') return "the article's min-conflicts";
  return name
    .split('+')
    .map((part) => words[part] ?? part.replace('=', ' '))
    .join(' + ');
}

export function trialsExperiment(pool: ExperimentPool, seedInput: () => HTMLInputElement) {
  const sizes = h('input', { type: 'text', id: 'exp-trials-sizes', value: TRIALS_DEFAULTS.sizes.replaceAll('-', ', '), size: '26', spellcheck: 'false' });
  const trials = h('input', { type: 'number', id: 'exp-trials-count', min: '1', max: '10000', value: TRIALS_DEFAULTS.trials, inputmode: 'numeric' });
  const tabu = h('input', { type: 'number', id: 'exp-trials-tabu-k', min: '1', max: '1000', value: TRIALS_DEFAULTS.tabu, 'aria-label': 'Tabu tenure in moves' });
  const noise = h('input', { type: 'text', id: 'exp-trials-noise-p', value: TRIALS_DEFAULTS.noise, size: '5', inputmode: 'decimal', 'aria-label': 'Noise probability' });
  const choices: SeriesChoice[] = [
    { code: 'mc', label: "The article's min-conflicts", name: () => 'min-conflicts' },
    { code: 'cs', label: '+ conflict set', name: () => 'min-conflicts+conflict-set' },
    { code: 'greedy', label: '+ greedy start', name: () => 'min-conflicts+greedy' },
    { code: 'tabu', label: '+ tabu', name: () => `min-conflicts+tabu=${tabu.value.trim()}` },
    { code: 'noise', label: '+ noise', name: () => `min-conflicts+noise=${noise.value.trim()}` },
    { code: 'swap', label: 'Swap repair', name: () => 'swap' },
  ];
  const boxes = new Map(choices.map((c) => [c.code, h('input', { type: 'checkbox', id: `exp-trials-${c.code}` })]));
  const rlN = h('select', { id: 'exp-trials-rl-n', 'aria-label': 'N of the run-length plot' });
  const chart = h('canvas', { class: 'chart', id: 'exp-trials-chart', role: 'img', 'aria-label': 'Run-length distribution: no runs yet' });
  let last: Finished | null = null;

  function readSizes(): number[] | string {
    const parts = sizes.value.split(/[\s,;]+/).filter((w) => w !== '');
    if (parts.length === 0 || parts.length > 16) return `Give 1 to 16 sizes N, separated by commas (got ${parts.length}).`;
    const out: number[] = [];
    for (const w of parts) {
      const v = Number(w);
      if (!/^\d{1,6}$/.test(w) || v < 4 || v > 100_000) return `Each size N must be a whole number from 4 to 100,000 (got "${w.slice(0, 12)}").`;
      if (!out.includes(v)) out.push(v);
    }
    return out;
  }

  function spec(): Record<string, unknown> | string {
    const typed = seedText(seedInput());
    if (typeof typed === 'string') return typed;
    const { seed } = typed;
    const t = whole(trials, 'Trials per N', 1, 10_000);
    const ns = readSizes();
    for (const v of [t, ns]) if (typeof v === 'string') return v;
    const chosen = (code: string) => boxes.get(code)!.checked;
    if (chosen('tabu')) {
      const k = whole(tabu, 'The tabu tenure', 1, 1000);
      if (typeof k === 'string') return k;
    }
    if (chosen('noise')) {
      const t = noise.value.trim();
      if (!/^(0(\.\d{1,6})?|1(\.0{1,6})?|\.\d{1,6})$/.test(t)) return `The noise must be a probability from 0 to 1, like 0.05 (got "${t.slice(0, 24)}").`;
    }
    const series = choices.filter((c) => chosen(c.code)).map((c) => c.name());
    if (series.length === 0) return 'Choose at least one series to run.';
    return { kind: 'trials', sizes: ns, trials: t, seed, series };
  }

  const p = panel(pool, {
    id: 'exp-trials',
    title: 'Min-conflicts trials',
    lede: 'Many seeded runs per N, as in the min-conflicts article: how often a run succeeds, how many moves it needs, how often it restarts. Tick improvements to compare them with the article’s algorithm on the same seeds; the plot shows, for each number of moves, the share of runs solved within it.',
    columns: [
      { title: 'Series', cell: (s) => seriesLabel(s.series) },
      { title: 'N', cell: (s) => en(s.n) },
      { title: 'Solved', cell: (s) => `${Math.round(s.successRate * 100)}%` },
      { title: 'First try', cell: (s) => `${Math.round(s.firstTryRate * 100)}%` },
      { title: 'Mean moves', cell: (s) => (s.meanMoves === null ? '–' : s.meanMoves.toFixed(1)) },
      { title: 'Median', cell: (s) => (s.medianMoves === null ? '–' : en(s.medianMoves)) },
      { title: 'Max', cell: (s) => (s.maxMoves === null ? '–' : en(s.maxMoves)) },
      { title: 'Restarts', cell: (s) => (s.meanRestarts === null ? '–' : s.meanRestarts.toFixed(2)) },
      { title: 'Mean time', cell: (s) => formatMs(s.meanMicros / 1000) },
    ],
    spec,
    describe: (pr) => {
      const r = pr.running[0];
      return `Run ${en(pr.done)} of ${en(pr.total)} on ${pool.size} worker${pool.size === 1 ? '' : 's'}${r ? `: ${seriesLabel(r.series)} at N = ${en(r.n)}, seed ${r.seed}` : ''}.`;
    },
    done(f) {
      last = f;
      const ns = [...new Set(f.summary.map((s) => s.n))];
      const keep = rlN.value;
      rlN.replaceChildren(...ns.map((n) => h('option', { value: String(n) }, `N = ${en(n)}`)));
      rlN.value = ns.map(String).includes(keep) ? keep : String(ns[ns.length - 1] ?? '');
      draw();
      return sentence(f);
    },
    fileName: () => `solvescope-trials-seed${seedInput().value.trim() || '1'}.csv`,
  });
  p.controls.append(
    h('div', { class: 'params' }, field('Sizes N', sizes), field('Trials per N', trials)),
    h(
      'fieldset',
      { class: 'series-choice' },
      h('legend', {}, 'Series'),
      ...choices.map((c) =>
        h(
          'span',
          { class: 'check' },
          boxes.get(c.code)!,
          h('label', { for: `exp-trials-${c.code}` }, c.label),
          c.code === 'tabu' ? tabu : c.code === 'noise' ? noise : null,
        ),
      ),
    ),
  );
  p.plots.append(h('div', { class: 'params' }, field('Run-length plot for', rlN)), chart);
  rlN.addEventListener('change', () => draw());

  function draw(): void {
    if (p.element.closest('[hidden]')) return;
    const w = Math.min(document.documentElement.classList.contains('presenter') ? 1000 : 760, Math.max(280, p.element.clientWidth || 320));
    const height = 300;
    const { ctx, dpr } = fitChart(chart, w, height);
    ctx.clearRect(0, 0, chart.width, chart.height);
    const n = Number(rlN.value);
    const rows = last?.rows.filter((r) => r.n === n) ?? [];
    const names = [...new Set(rows.map((r) => r.series))];
    const series: XYSeries[] = names.map((name, k) => {
      const mine = rows.filter((r) => r.series === name);
      const moves = mine
        .filter((r) => r.status === 'found')
        .map((r) => Math.max(1, r.moves ?? 0))
        .sort((a, b) => a - b);
      return { label: seriesLabel(name), ...PALETTE[k % PALETTE.length]!, step: true, points: moves.map((m, i) => [m, (i + 1) / mine.length] as [number, number]) };
    });
    drawXYPlot(
      ctx,
      dpr,
      { x: 0, y: 0, w: chart.width, h: chart.height },
      { label: `moves (log scale), N = ${en(n)}`, log: true, format: (v) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1e3 ? `${v / 1e3}k` : String(v)) },
      { label: 'share of runs solved', log: false, min: 0, max: 1, format: (v) => `${Math.round(v * 100)}%` },
      series,
      readTheme(chart),
      getComputedStyle(chart),
      { empty: 'Press Run to see how many moves the runs need.', legend: true },
    );
    chart.dataset.series = names.join(';');
    chart.setAttribute('aria-label', last ? `Run-length distribution at N = ${en(n)}: ${names.map((name) => {
      const s = last!.summary.find((x) => x.series === name && x.n === n);
      return s ? (s.medianMoves === null ? `${seriesLabel(name)}, none solved` : `${seriesLabel(name)}, ${Math.round(s.successRate * 100)}% solved, median ${en(s.medianMoves)} moves`) : seriesLabel(name);
    }).join('; ')}.` : 'Run-length distribution: no runs yet');
  }

  function sentence(f: Finished): string {
    const n = Math.max(...f.summary.map((s) => s.n));
    const at = f.summary.filter((s) => s.n === n);
    if (at.length === 0) return '';
    return `At N = ${en(n)}: ${at.map((s) => (s.medianMoves === null ? `${seriesLabel(s.series)} solved none` : `${seriesLabel(s.series)} solved ${Math.round(s.successRate * 100)}% with a median of ${en(s.medianMoves)} moves`)).join('; ')}.`;
  }

  function current(): TrialsParams {
    const r = readSizes();
    return {
      sizes: typeof r === 'string' ? TRIALS_DEFAULTS.sizes : r.join('-'),
      trials: trials.value.trim(),
      series: choices.filter((c) => boxes.get(c.code)!.checked).map((c) => c.code).join('-'),
      tabu: tabu.value.trim(),
      noise: noise.value.trim(),
    };
  }

  function applySeries(codes: string): void {
    const on = new Set(codes.split('-'));
    for (const [code, box] of boxes) box.checked = on.has(code);
  }
  applySeries(TRIALS_DEFAULTS.series);

  return {
    element: p.element,
    redraw: draw,
    busy: p.busy,
    /** Null while a field is wrong: the address keeps the last settings that could run. */
    params(): [string, string][] | null {
      if (typeof spec() === 'string') return null;
      const now = current();
      // Address option values are at most 32 letters, digits, '.', '-' (www/address.ts).
      return (Object.keys(now) as (keyof TrialsParams)[]).filter((k) => now[k] !== TRIALS_DEFAULTS[k] && /^[A-Za-z0-9.-]{1,32}$/.test(now[k])).map((k) => [k, now[k]]);
    },
    open(opts: [string, string][]): string[] {
      const problems: string[] = [];
      const o = new Map(opts);
      sizes.value = (o.get('sizes') ?? TRIALS_DEFAULTS.sizes).split('-').join(', ');
      trials.value = o.get('trials') ?? TRIALS_DEFAULTS.trials;
      tabu.value = o.get('tabu') ?? TRIALS_DEFAULTS.tabu;
      noise.value = o.get('noise') ?? TRIALS_DEFAULTS.noise;
      const codes = o.get('series') ?? TRIALS_DEFAULTS.series;
      const unknown = codes.split('-').filter((c) => !boxes.has(c));
      if (unknown.length) problems.push(`The link names unknown series ${unknown.map((u) => `"${u.slice(0, 12)}"`).join(', ')} (known: ${[...boxes.keys()].join(', ')}).`);
      applySeries(codes);
      return [...problems, ...linkProblems('trials', opts, TRIALS_DEFAULTS, spec)];
    },
    command(): string {
      const sp = spec();
      if (typeof sp === 'string') return '(fix the fields first)';
      return `solvescope queens experiment trials --sizes ${(sp.sizes as number[]).join(',')} --trials ${sp.trials} --seed ${sp.seed} --series ${(sp.series as string[]).join(',')}`;
    },
    setCommand: p.setCommand,
  };
}
