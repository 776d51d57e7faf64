// One run of one solver on one puzzle, shared by every view: it creates the session, owns the
// player, and handles Solve / Play / Step / Step back / Reset, cancellation and late answers.
// Views supply what differs: how to create the session, the empty view, the reducer, and drawing.

import { Player, type PlayerState, type Undo } from '../player';
import type { Report, SolverEvent, Stats } from '../protocol';
import { CancelledError } from '../cancelled';
import type { SolverClient } from '../solver-client';
import type { PlaybackCommands } from '../controls/playback';
import { SearchTree, type TreeOp } from './common/search-tree';

/** A Solve's progress line: how far it got, or that it ended or was stopped. */
export interface SolveProgress {
  state: 'running' | 'stopped' | 'done';
  /** The counters the worker last reported (null before its first chunk ended). */
  stats: Stats | null;
  elapsedMs: number;
}

/** A Solve that runs longer than this shows that it is working. */
export const SHOW_AFTER_MS = 200;

export interface RunSpec<E extends SolverEvent, V> {
  /** Creates the solver session for the current parameters (throws a readable error on bad input). */
  create(client: SolverClient): Promise<number>;
  /** The view before any event. */
  fresh(): V;
  /** Applies one event to the view, returning its inverse. */
  apply(view: V, event: E): Undo;
  /** Redraws after a change; `last` is the event just applied, if any. */
  changed(state: PlayerState | null, last: E | null): void;
  /** Shows the result of an instant Solve on a fresh view. */
  solved(view: V, report: Report): void;
  /** Shows an error (never a CancelledError). */
  error(message: string | null): void;
  /** Pause playback when this returns true for an applied event. */
  pauseOn?: (event: E) => boolean;
  /** For a search: what each event does to the search tree (views/common/search-tree.ts). */
  tree?: (event: E) => TreeOp | null;
  /** Solve's limits. */
  solveLimits?: () => { maxNodes: number; maxMs: number };
}

export class Runner<E extends SolverEvent, V> {
  view: V;
  /** The run's search tree, built from the events applied (null when the spec has no `tree`). */
  tree: SearchTree | null = null;
  /** The run on screen was solved at full speed: it recorded no steps and has no tree. */
  solvedFast = false;
  busy = false;
  private player: Player<E> | null = null;
  private session: number | null = null;
  private epoch = 0;
  private speed = 10;
  private last: E | null = null;
  /** Elements that carry the run's parameters (`data-run`, JSON) for tests and replays. */
  private marked: HTMLElement[] = [];

  constructor(
    private readonly client: SolverClient,
    private readonly spec: RunSpec<E, V>,
  ) {
    this.view = spec.fresh();
  }

  /** Writes the parameters of each new run on `el` as `data-run`, and the step on screen as
   *  `data-step`, so an outside replay (the end-to-end tests run the same run natively) knows
   *  exactly which run and step are on screen. */
  markOn(el: HTMLElement): void {
    this.marked.push(el);
  }

  state(): PlayerState | null {
    return this.player?.state() ?? null;
  }

  setSpeed(eventsPerSecond: number): void {
    this.speed = eventsPerSecond;
    if (this.player) this.player.speed = eventsPerSecond;
  }

  private report(e: unknown): void {
    if (e instanceof CancelledError) return;
    this.spec.error(e instanceof Error ? e.message : String(e));
  }

  private drop(): void {
    this.player?.dispose();
    this.player = null;
    if (this.session !== null) void this.client.dispose(this.session);
    this.session = null;
  }

  /** The reset in flight, so commands given meanwhile wait for it instead of starting another. */
  private resetting: Promise<boolean> | null = null;

  /** Starts over with the current parameters; also stops a running Solve at once. */
  reset(): Promise<boolean> {
    const p = this.startOver();
    this.resetting = p;
    void p.finally(() => {
      if (this.resetting === p) this.resetting = null;
    });
    return p;
  }

  private async startOver(): Promise<boolean> {
    const my = ++this.epoch;
    if (this.busy) this.client.cancel();
    this.busy = false;
    this.drop();
    this.spec.error(null);
    this.view = this.spec.fresh();
    this.tree = null;
    this.solvedFast = false;
    this.last = null;
    this.spec.changed(null, null);
    try {
      const id = await this.spec.create(this.client);
      if (my !== this.epoch) {
        void this.client.dispose(id); // a newer reset won: this session is nobody's
        return false;
      }
      this.session = id;
      this.markRun(id);
      // `create` reads the parameters (N, the puzzle…), so the empty view is built again after it.
      this.view = this.spec.fresh();
      const rules = this.spec.tree;
      const tree = rules ? new SearchTree() : null;
      this.tree = tree;
      const p = new Player<E>(
        (max) => this.client.step(id, max),
        (e) => {
          const previous = this.last;
          this.last = e;
          const undo = this.spec.apply(this.view, e);
          const undoTree = tree && rules ? tree.apply(rules(e)) : null;
          // After Step back the status line describes the event now on top, not the one undone.
          return () => {
            undoTree?.();
            undo();
            this.last = previous;
          };
        },
        (state) => {
          for (const el of this.marked) el.dataset.step = String(state.position);
          this.spec.changed(state, this.last);
        },
        (e) => this.report(e),
      );
      p.speed = this.speed;
      if (this.spec.pauseOn) p.pauseOn = this.spec.pauseOn;
      this.player = p;
      this.spec.changed(p.state(), null);
      return true;
    } catch (e) {
      if (my === this.epoch) this.report(e);
      return false;
    }
  }

  private async withPlayer(f: (p: Player<E>) => unknown): Promise<void> {
    // Keys pressed while a reset is still creating its session must act on that session.
    if (!this.player) await (this.resetting ?? this.reset());
    if (this.player) await f(this.player);
  }

  toggle(): Promise<void> {
    return this.withPlayer((p) => p.toggle());
  }

  play(): Promise<void> {
    return this.withPlayer((p) => p.play());
  }

  pause(): void {
    this.player?.pause();
  }

  step(): Promise<void> {
    return this.withPlayer((p) => {
      p.pause();
      return p.stepForward();
    });
  }

  stepBack(): void {
    this.player?.stepBack();
  }

  /** Moves to step `k` of the run computed so far (the scrubber). */
  seek(k: number): void {
    this.player?.seek(k);
  }

  /** Computes the run up to step `k` (or its end), the step on screen unmoved; the steps known. */
  async computeTo(k: number): Promise<number> {
    let known = 0;
    await this.withPlayer(async (p) => (known = await p.computeTo(k)));
    return known;
  }

  /** Plays on until an event passes `test` (run to the next solution, deduction, restart…). */
  runTo(test: (e: E) => boolean): Promise<void> {
    return this.withPlayer((p) => p.runTo(test));
  }

  private listeners: ((p: SolveProgress) => void)[] = [];

  /** Hears a running Solve's progress (shown once it has run SHOW_AFTER_MS) and its end. */
  onProgress(listener: (p: SolveProgress) => void): void {
    this.listeners.push(listener);
  }

  private emit(p: SolveProgress): void {
    for (const f of this.listeners) f(p);
  }

  /** Solves from scratch at full speed (no events) and shows the result. */
  /** Writes session `id`'s parameters on the marked elements, at step 0. */
  private markRun(id: number): void {
    const params = this.client.params(id);
    for (const el of this.marked) {
      el.dataset.run = params ? JSON.stringify(params) : '';
      el.dataset.step = '0';
    }
  }

  async solve(): Promise<void> {
    const my = ++this.epoch;
    this.drop();
    this.busy = true;
    this.spec.error(null);
    this.spec.changed(null, null);
    const started = performance.now();
    let stats: Stats | null = null;
    const show = (): void => {
      if (my === this.epoch && this.busy) this.emit({ state: 'running', stats, elapsedMs: performance.now() - started });
    };
    // Quick solves never flash a progress line; slow ones show it and then tick every half second.
    let ticker: ReturnType<typeof setInterval> | null = null;
    const delay = setTimeout(() => {
      show();
      ticker = setInterval(show, 500);
    }, SHOW_AFTER_MS);
    const finish = (): void => {
      clearTimeout(delay);
      if (ticker !== null) clearInterval(ticker);
    };
    this.stopSolve = () => {
      finish();
      this.emit({ state: 'stopped', stats, elapsedMs: performance.now() - started });
    };
    try {
      const id = await this.spec.create(this.client);
      // The run on screen is this one: a Solve clicked before the first reset's session was made
      // supersedes that reset, which then never marks its run.
      if (my === this.epoch) this.markRun(id);
      const limits = this.spec.solveLimits?.() ?? { maxNodes: Infinity, maxMs: 60_000 };
      const report = await this.client.solve(id, limits.maxNodes, limits.maxMs, (s) => {
        stats = s;
        if (performance.now() - started >= SHOW_AFTER_MS) show();
      });
      void this.client.dispose(id);
      if (my !== this.epoch) return;
      finish();
      this.busy = false;
      this.emit({ state: 'done', stats: report.stats, elapsedMs: performance.now() - started });
      this.view = this.spec.fresh();
      this.tree = null;
      this.solvedFast = true;
      this.spec.solved(this.view, report);
    } catch (e) {
      if (my !== this.epoch) return;
      finish();
      this.busy = false;
      this.emit({ state: 'done', stats, elapsedMs: performance.now() - started });
      this.spec.changed(null, null);
      this.report(e);
    }
  }

  /** What ends the running Solve's progress display when Stop is pressed. */
  private stopSolve: (() => void) | null = null;

  /** Stops a running Solve (its worker is restarted); the board goes back to the start. */
  stop(): void {
    if (!this.busy) return;
    this.epoch++;
    this.client.cancel();
    this.busy = false;
    this.stopSolve?.();
    this.view = this.spec.fresh();
    this.tree = null;
    this.solvedFast = false;
    this.spec.changed(null, null);
  }

  dispose(): void {
    this.epoch++;
    if (this.busy) {
      this.client.cancel(); // a running Solve would otherwise hold the worker for its whole budget
      this.busy = false;
    }
    this.drop();
  }
}

/** The playback bar's commands for one runner (views add their own twists by overriding one). */
/** A "run to the next …" button: its label and the events it stops at. */
export interface Milestone<E> {
  label: string;
  test: (e: E) => boolean;
}

export function runnerCommands<E extends SolverEvent, V>(run: Runner<E, V>, milestones: Milestone<E>[] = []): PlaybackCommands {
  return {
    seek: (k) => run.seek(k),
    milestones: milestones.map((m) => ({ label: m.label, run: () => void run.runTo(m.test) })),
    solve: () => void run.solve(),
    stop: () => run.stop(),
    watchProgress: (show) => run.onProgress(show),
    toggle: () => void run.toggle(),
    step: () => void run.step(),
    stepBack: () => run.stepBack(),
    reset: () => void run.reset(),
    speed: (s) => run.setSpeed(s),
  };
}
