// Runs an experiment's plan (the puzzle's experiments verb, src/puzzles/verbs.rs) on a pool of solver workers, one
// per navigator.hardwareConcurrency, each with its own wasm instance: each worker takes the next
// run when it finishes one, and the rows come back in the plan's order. A run is a pure function
// of its spec, so which worker ran it changes nothing but its time. Cancel terminates the workers
// at once; the rows finished so far are kept.

import { CancelledError } from './solver-client';
import { WorkerPool } from './worker-pool';
import type { ExperimentPlan, ExperimentRow, ExperimentRun } from './generated/types';

export interface PoolProgress {
  done: number;
  total: number;
  /** The runs being worked on now. */
  running: ExperimentRun[];
  elapsedMs: number;
}

export interface PoolResult {
  /** The finished rows, in plan order (cancelled runs left out). */
  rows: ExperimentRow[];
  cancelled: boolean;
  elapsedMs: number;
}

export class ExperimentPool extends WorkerPool {
  private cancelled = false;

  /** The plan of `spec`, or the solver's sentence saying what is wrong with it. */
  plan(spec: Record<string, unknown>): Promise<ExperimentPlan> {
    return this.client(0).call<ExperimentPlan>('experimentPlan', this.puzzle, spec);
  }

  /** A helper of the experiment module (summary, CSV) on the first worker. */
  call<T>(fn: 'experimentSummary' | 'experimentCsv', rows: ExperimentRow[]): Promise<T> {
    return this.client(0).call<T>(fn, this.puzzle, rows);
  }

  async run(plan: ExperimentPlan, progress: (p: PoolProgress) => void): Promise<PoolResult> {
    this.cancelled = false;
    const started = performance.now();
    const rows: (ExperimentRow | undefined)[] = new Array(plan.runs.length);
    const running = new Map<number, ExperimentRun>();
    let next = 0;
    let done = 0;
    let reported = 0;
    const report = (force: boolean): void => {
      const now = performance.now();
      // Thousands of tiny runs finish within a frame; the page needs a few reports a second.
      if (!force && now - reported < 100) return;
      reported = now;
      progress({ done, total: plan.runs.length, running: [...running.values()], elapsedMs: now - started });
    };
    const work = async (k: number): Promise<void> => {
      const client = this.client(k);
      while (next < plan.runs.length && !this.cancelled) {
        const i = next++;
        running.set(i, plan.runs[i]!);
        report(false);
        rows[i] = await client.call<ExperimentRow>('experimentRun', this.puzzle, plan.runs[i]);
        running.delete(i);
        done++;
        report(false);
      }
    };
    const workers = Math.min(this.size, plan.runs.length) || 1;
    report(true);
    try {
      await this.spread(workers, work);
    } catch (e) {
      // Cancel is not a failure here: the rows finished before it are the answer.
      if (!(e instanceof CancelledError && this.cancelled)) throw e;
    }
    report(true);
    return { rows: rows.filter((r): r is ExperimentRow => r !== undefined), cancelled: this.cancelled, elapsedMs: performance.now() - started };
  }

  /** Stops every worker at once; a running `run` resolves with the rows finished so far. */
  override cancel(): void {
    this.cancelled = true;
    super.cancel();
  }
}
