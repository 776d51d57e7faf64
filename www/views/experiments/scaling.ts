// Scaling: backtracking to the first solution for N = 4, 5, … as far as a node budget allows, and
// min-conflicts repair from 8 to a million queens, on one chart with two log-log panels (work
// above, time below). The lesson of search against repair in one picture: the backtracking line
// climbs by orders of magnitude and zigzags, the repair line stays almost flat.

import { h } from '../../dom';
import { readTheme } from '../../render/canvas';
import { drawXYPlot, PALETTE, type Axis, type XYSeries } from '../../render/xy-plot';
import { fitChart } from '../queens/repair';
import type { ExperimentPool } from '../../experiment-pool';
import type { ExperimentRow, ExperimentSummary } from '../../generated/types';
import { en, field, formatMs, linkProblems, panel, seedText, whole, type Finished } from './panel';

const REPAIR_MAX = ['1000', '10000', '100000', '1000000'];
const NODE_BUDGETS = ['100000', '1000000', '10000000', '100000000'];

export interface ScalingParams {
  backtrackMax: string;
  maxNodes: string;
  repairMax: string;
  seeds: string;
}

export const SCALING_DEFAULTS: ScalingParams = { backtrackMax: '32', maxNodes: '10000000', repairMax: '1000000', seeds: '3' };

/** A time axis tick (a power of ten in microseconds). */
const timeTick = (us: number) => (us >= 1e6 ? `${us / 1e6} s` : us >= 1e3 ? `${us / 1e3} ms` : `${us} µs`);

const compact = (v: number) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1e3 ? `${v / 1e3}k` : String(v));

export function scalingExperiment(pool: ExperimentPool, seedInput: () => HTMLInputElement) {
  const bmax = h('input', { type: 'number', id: 'exp-scaling-bmax', min: '4', max: '64', value: SCALING_DEFAULTS.backtrackMax, inputmode: 'numeric' });
  const nodes = h('select', { id: 'exp-scaling-nodes' }, ...NODE_BUDGETS.map((v) => h('option', { value: v }, en(Number(v)))));
  nodes.value = SCALING_DEFAULTS.maxNodes;
  const rmax = h('select', { id: 'exp-scaling-rmax' }, ...REPAIR_MAX.map((v) => h('option', { value: v }, en(Number(v)))));
  rmax.value = SCALING_DEFAULTS.repairMax;
  const seeds = h('input', { type: 'number', id: 'exp-scaling-seeds', min: '1', max: '20', value: SCALING_DEFAULTS.seeds, inputmode: 'numeric' });
  const chart = h('canvas', { class: 'chart', id: 'exp-scaling-chart', role: 'img', 'aria-label': 'Scaling chart: no runs yet' });
  let last: Finished | null = null;

  function spec(): Record<string, unknown> | string {
    const typed = seedText(seedInput());
    if (typeof typed === 'string') return typed;
    const { seed } = typed;
    const b = whole(bmax, 'Backtracking up to N', 4, 64);
    const s = whole(seeds, 'Repair runs per N', 1, 20);
    for (const v of [b, s]) if (typeof v === 'string') return v;
    return { kind: 'scaling', backtrackMax: b, maxNodes: Number(nodes.value), repairMax: Number(rmax.value), seeds: s, seed };
  }

  const p = panel(pool, {
    id: 'exp-scaling',
    title: 'Scaling: search against repair',
    lede: 'Backtracking looks for the first placement of N queens, one N after another, until a node budget stops it; min-conflicts repair places 8 to a million queens, a few seeded runs per N. Both are drawn against N on log scales: the work above, the time below.',
    columns: [
      // Repair switches to swap repair above 4,096 queens: each row names the algorithm that ran.
      { title: 'Series', cell: (s) => (s.series === 'repair' ? (algorithmAt(last?.rows ?? [], s.n) === 'swap' ? 'swap repair' : 'min-conflicts repair') : s.series) },
      { title: 'N', cell: (s) => en(s.n) },
      { title: 'Solved', cell: (s) => `${s.solved} of ${s.runs}` },
      { title: 'Nodes (median)', cell: (s) => (s.medianNodes === null ? `> ${en(last?.rows.find((r) => r.series === s.series && r.n === s.n)?.nodes ?? 0)}` : en(s.medianNodes)) },
      { title: 'Moves (median)', cell: (s) => (s.medianMoves === null ? '' : en(s.medianMoves)) },
      { title: 'Time (median)', cell: (s) => formatMs(s.medianMicros / 1000) },
    ],
    spec,
    describe: (pr) => {
      const now = pr.running.map((r) => (r.series === 'backtracking' ? `backtracking at N = ${en(r.n)}` : `repair at N = ${en(r.n)}`));
      return `Run ${en(pr.done)} of ${en(pr.total)} on ${pool.size} worker${pool.size === 1 ? '' : 's'}${now.length ? `: ${[...new Set(now)].join(', ')}` : ''}.`;
    },
    done(f) {
      last = f;
      draw();
      return sentence(f);
    },
    fileName: () => `solvescope-scaling-seed${seedInput().value.trim() || '1'}.csv`,
  });
  p.controls.append(
    h('div', { class: 'params' }, field('Backtracking up to N', bmax), field('Node budget per N', nodes)),
    h('div', { class: 'params' }, field('Repair up to N', rmax), field('Repair runs per N', seeds)),
  );
  p.plots.append(
    chart,
    h(
      'p',
      { class: 'help' },
      'Hollow points are runs the node budget stopped: the true figure is higher. Times under 0.1 ms sit on the bottom line. Above 4,096 queens the repair switches to swap repair, whose greedy start places almost every queen without a conflict, so only a dozen moves are left to make while its time keeps growing with N.',
    ),
  );

  /** One series' points from the summary: the median per N, hollow where a budget ended it. */
  function points(summary: ExperimentSummary[], rows: ExperimentRow[], keep: (s: ExperimentSummary) => boolean, y: (s: ExperimentSummary) => number | null): [number, number, boolean][] {
    return summary.filter(keep).map((s) => {
      const v = y(s);
      // An unsolved backtracking run is drawn at the work it was allowed, hollow: the truth is higher.
      if (v === null) return [s.n, rows.find((r) => r.series === s.series && r.n === s.n)?.nodes ?? 1, true];
      return [s.n, Math.max(v, 1), false];
    });
  }

  function algorithmAt(rows: ExperimentRow[], n: number): string {
    return rows.find((r) => r.series === 'repair' && r.n === n)?.algorithm ?? '';
  }

  function draw(): void {
    if (p.element.closest('[hidden]')) return;
    // Wider in presenter mode, where the section spans the projector's width.
    const w = Math.min(document.documentElement.classList.contains('presenter') ? 1000 : 760, Math.max(280, p.element.clientWidth || 320));
    const height = 460;
    const { ctx, dpr } = fitChart(chart, w, height);
    const theme = readTheme(chart);
    const css = getComputedStyle(chart);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, chart.width, chart.height);
    const f = last;
    const rows = f?.rows ?? [];
    const summary = f?.summary ?? [];
    const back = (x: ExperimentSummary) => x.series === 'backtracking';
    const mc = (x: ExperimentSummary) => x.series === 'repair' && algorithmAt(rows, x.n) === 'minConflicts';
    const swap = (x: ExperimentSummary) => x.series === 'repair' && algorithmAt(rows, x.n) === 'swap';
    const series = (y: (x: ExperimentSummary) => number | null): XYSeries[] => [
      { label: 'backtracking (nodes)', ...PALETTE[0]!, points: points(summary, rows, back, y) },
      { label: 'min-conflicts (moves)', ...PALETTE[1]!, points: points(summary, rows, mc, y) },
      { label: 'swap repair (moves)', ...PALETTE[2]!, points: points(summary, rows, swap, y) },
    ];
    const xAxis: Axis = { label: 'N (log scale)', log: true, format: compact };
    const work = series((x) => (x.series === 'backtracking' ? x.medianNodes : x.medianMoves));
    // Times below the browser's 0.1 ms clock step sit on the bottom line; a budget-ended run's time
    // is real (hollow: it found nothing in it).
    const time = series((x) => Math.max(x.medianMicros, 100));
    time[0]!.points = summary.filter(back).map((x) => [x.n, Math.max(x.medianMicros, 100), x.solved === 0]);
    const half = Math.round((height * dpr) / 2);
    drawXYPlot(ctx, dpr, { x: 0, y: 0, w: chart.width, h: half }, xAxis, { label: 'nodes / moves', log: true, format: compact }, work, theme, css, {
      empty: 'Press Run to draw backtracking and repair against N.',
      legend: true,
    });
    drawXYPlot(ctx, dpr, { x: 0, y: half, w: chart.width, h: chart.height - half }, xAxis, { label: 'time', log: true, min: 100, max: Math.max(1000, ...time.flatMap((x) => x.points.map((pt) => 10 ** Math.ceil(Math.log10(pt[1]))))), format: timeTick }, time, theme, css, {
      empty: '',
      legend: false,
    });
    chart.dataset.points = String(work.reduce((k, x) => k + x.points.length, 0));
    chart.setAttribute('aria-label', f ? `Scaling chart, log scales. ${sentence(f)}` : 'Scaling chart: no runs yet');
  }

  function sentence(f: Finished): string {
    const back = f.summary.filter((s) => s.series === 'backtracking');
    const solved = back.filter((s) => s.solved > 0 && s.medianNodes !== null);
    const worst = solved.reduce<ExperimentSummary | null>((a, s) => (!a || (s.medianNodes ?? 0) > (a.medianNodes ?? 0) ? s : a), null);
    const stopped = back.filter((s) => s.solved === 0 && s.n > 3).map((s) => s.n);
    const repair = f.summary.filter((s) => s.series === 'repair' && s.solved > 0);
    const big = repair[repair.length - 1];
    const parts: string[] = [];
    if (worst) parts.push(`Backtracking needed up to ${en(worst.medianNodes ?? 0)} nodes (N = ${worst.n})`);
    if (stopped.length) parts.push(`its budget ran out at N = ${stopped.join(', ')}`);
    if (big && big.medianMoves !== null) parts.push(`repair placed ${en(big.n)} queens in ${formatMs(big.medianMicros / 1000)} with ${en(big.medianMoves)} moves (median of ${big.runs})`);
    return parts.length ? `${parts.join('; ')}.` : '';
  }

  return {
    element: p.element,
    redraw: draw,
    busy: p.busy,
    /** The fields as address options, only those not at their default; null while one is wrong. */
    params(): [string, string][] | null {
      if (typeof spec() === 'string') return null;
      const now: ScalingParams = { backtrackMax: bmax.value.trim(), maxNodes: nodes.value, repairMax: rmax.value, seeds: seeds.value.trim() };
      return (Object.keys(now) as (keyof ScalingParams)[]).filter((k) => now[k] !== SCALING_DEFAULTS[k] && /^\d{1,9}$/.test(now[k])).map((k) => [k, now[k]]);
    },
    open(opts: [string, string][]): string[] {
      const problems: string[] = [];
      const o = new Map(opts);
      const set = (k: keyof ScalingParams, el: HTMLInputElement | HTMLSelectElement, allowed?: string[]) => {
        const v = o.get(k) ?? SCALING_DEFAULTS[k];
        if (allowed && !allowed.includes(v)) problems.push(`The link's ${k} must be one of ${allowed.join(', ')} (got "${v.slice(0, 12)}").`);
        else el.value = v;
      };
      set('backtrackMax', bmax);
      set('maxNodes', nodes, NODE_BUDGETS);
      set('repairMax', rmax, REPAIR_MAX);
      set('seeds', seeds);
      return [...problems, ...linkProblems('scaling', opts, SCALING_DEFAULTS, spec)];
    },
    /** The command line that prints the same rows. */
    command(): string {
      const sp = spec();
      if (typeof sp === 'string') return '(fix the fields first)';
      return `solvescope queens experiment scaling --backtrack-max ${sp.backtrackMax} --max-nodes ${sp.maxNodes} --repair-max ${sp.repairMax} --seeds ${sp.seeds} --seed ${sp.seed}`;
    },
    setCommand: p.setCommand,
  };
}
