// The player owns time: it pulls frames of events from a solver session, applies them one by one to
// a view through a puzzle's reducer, and can undo them again (Step back) without asking the solver,
// because every event is an invertible delta. Speed runs from one event per second to "as fast as
// frames allow", where events are applied in batches and the board is drawn once per animation frame.

import type { Counters, Frame, SolverEvent, Stats, Status, Verdict } from './protocol';

/** Undoes one applied event. */
export type Undo = () => void;

/** Applies one event to the view and returns how to take it back. */
export type Apply<E> = (event: E) => Undo;

/** Events per second at the top of the speed scale: batches as large as a frame can draw. */
export const MAX_SPEED = 1_000_000;
/**
 * Most events the player keeps for stepping back and scrubbing: 200,000 events with their undo
 * closures (a few tens of MB at most). Past it the oldest half is dropped; the scrubber then starts
 * at the first step kept and says so. Any kept step is reached by replaying or undoing the events
 * between (about 10^6 per second), so no snapshots are needed within this bound.
 */
export const HISTORY = 200_000;

/** Most events "run to the next …" applies before it stops and says it has not found one yet. */
export const RUN_TO_LIMIT = 2_000_000;

export interface PlayerState {
  playing: boolean;
  /** The search has ended and every event was shown. */
  finished: boolean;
  /** Where the run stands at the step on screen: its end status once the last event is shown,
   *  `paused` at any step before it, null at step 0. */
  status: Status | null;
  /** The counters after the event on screen (zero at step 0), as the solver reported them with
   *  that event; `elapsedMicros` is the whole run's time at its last step and 0 (no time) before. */
  stats: Stats | null;
  /** What the run proved: set only once the run has ended and its last event is on screen. */
  verdict: Verdict | null;
  /** That verdict as Rust's sentence (Frame.says), when it is set; the page writes none. */
  says?: string | null;
  /** Events applied so far (including dropped history). */
  position: number;
  canStepBack: boolean;
  /** The earliest step still reachable (above 0 once HISTORY events were dropped). */
  first?: number;
  /** Steps computed so far: the scrubber reaches any step from `first` to here. */
  known?: number;
  /** Every step of the run is computed (the search has ended). */
  complete?: boolean;
  /** How far the solver has computed (its counters after the last frame), ahead of the step on
   *  screen; null before the first frame. Shown apart from `stats` and named as such. */
  computed?: Stats | null;
}

/** The counters of `after` (Rust's `engine::Counters`) with the solver's time so far. */
export function countersToStats(after: Counters | undefined, elapsedMicros: number): Stats {
  const [nodes, backtracks, solutions, depth, moves, restarts] = after ?? [0, 0, 0, 0, 0, 0];
  return { nodes, backtracks, solutions, depth, moves, restarts, elapsedMicros };
}

export class Player<E extends SolverEvent> {
  private log: E[] = [];
  /** after[i]: the counters after log[i], as the solver sent them with that event. */
  private after: Counters[] = [];
  /** The counters after the last dropped event: those of step `base`. */
  private baseAfter: Counters | undefined = undefined;
  private undos: Undo[] = [];
  /** Absolute index of log[0] (history before it was dropped). */
  private base = 0;
  /** Events applied (absolute). */
  private cursor = 0;
  /** The last frame's counters, status and verdict: how far the solver has got. */
  private last: { stats: Stats; status: Status; verdict: Verdict | null; says: string | null } | null = null;
  private sourceDone = false;
  private fetching: Promise<void> | null = null;
  private raf = 0;
  /** Bumped by every play(): a tick of an older loop that resumes after an await stops there. */
  private loop = 0;
  private lastTime = 0;
  private credit = 0;
  private playing = false;
  private disposed = false;

  /** Events per second. */
  speed = 10;
  /** Pause when an event matching this arrives (e.g. a solution), so a class can look at it. */
  pauseOn: ((e: E) => boolean) | null = null;

  constructor(
    private readonly source: (maxEvents: number) => Promise<Frame>,
    private readonly apply: Apply<E>,
    private readonly onChange: (state: PlayerState) => void,
    private readonly onError: (e: unknown) => void,
  ) {}

  state(): PlayerState {
    const end = this.base + this.log.length;
    const finished = this.sourceDone && this.cursor === end;
    // Time is not kept per event: the run's time is shown once its last step is on screen, and
    // no step before it claims one (the solver's time so far is in `computed`).
    const elapsed = finished ? (this.last?.stats.elapsedMicros ?? 0) : 0;
    return {
      playing: this.playing,
      finished,
      status: finished ? (this.last?.status ?? null) : this.cursor === 0 ? null : 'paused',
      stats: this.cursor === 0 && !this.last ? null : countersToStats(this.cursor === this.base ? this.baseAfter : this.after[this.cursor - this.base - 1], elapsed),
      verdict: finished ? (this.last?.verdict ?? null) : null,
      says: finished ? (this.last?.says ?? null) : null,
      position: this.cursor,
      canStepBack: this.cursor > this.base,
      first: this.base,
      known: end,
      complete: this.sourceDone,
      computed: this.last?.stats ?? null,
    };
  }

  private notify(): void {
    if (!this.disposed) this.onChange(this.state());
  }

  /** Makes sure at least `count` unapplied events are buffered (or the search is over). */
  private async ensure(count: number): Promise<void> {
    while (!this.sourceDone && this.base + this.log.length - this.cursor < count) {
      if (!this.fetching) {
        // Single steps and slow play fetch little at a time so the worker stays just ahead of the
        // screen; fast play fetches in bulk. The counters come with every event either way.
        const want = Math.min(Math.max(count, this.playing ? Math.ceil(this.speed / 20) : 1), 20_000);
        this.fetching = this.source(want).then((frame) => {
          if (this.disposed) return;
          for (const e of frame.events as E[]) this.log.push(e);
          for (const a of frame.after) this.after.push(a);
          this.last = { stats: frame.stats, status: frame.status, verdict: frame.verdict, says: frame.says ?? null };
          if (frame.status !== 'paused') this.sourceDone = true;
        }).finally(() => {
          // Also after a failed fetch, so the next step can try again.
          this.fetching = null;
        });
      }
      await this.fetching;
      if (this.disposed) return;
    }
  }

  private applyNext(): E | null {
    const e = this.log[this.cursor - this.base];
    if (e === undefined) return null;
    this.undos.push(this.apply(e));
    this.cursor++;
    if (this.undos.length > HISTORY) this.dropHistory();
    return e;
  }

  private dropHistory(): void {
    const drop = HISTORY / 2;
    this.undos.splice(0, drop);
    this.log.splice(0, drop);
    this.baseAfter = this.after[drop - 1];
    this.after.splice(0, drop);
    this.base += drop;
  }

  /** Steps queued behind each other: each must see the buffer the previous one left. */
  private steps: Promise<unknown> = Promise.resolve();

  /** Applies the next event; false when the search is over. Calls made in quick succession (a
   *  held-down arrow key) are applied one after another, each its own event. */
  stepForward(): Promise<boolean> {
    const next = this.steps.then(() => this.stepOnce());
    this.steps = next.catch(() => undefined);
    return next;
  }

  private async stepOnce(): Promise<boolean> {
    try {
      await this.ensure(1);
    } catch (e) {
      this.fail(e);
      return false;
    }
    const e = this.applyNext();
    this.notify();
    return e !== null;
  }

  /** Undoes the last event; false at the start of the kept history. */
  stepBack(): boolean {
    if (this.cursor <= this.base) return false;
    this.pause();
    this.undos.pop()!();
    this.cursor--;
    this.notify();
    return true;
  }

  /**
   * Moves to step `k` among the steps computed so far (clamped to what is kept): undoes or replays
   * the events in between and redraws once. The same step shows the same board either way, since
   * every event is an exact delta.
   */
  seek(k: number): void {
    this.pause();
    const target = Math.max(this.base, Math.min(Math.floor(k), this.base + this.log.length));
    while (this.cursor > target) {
      this.undos.pop()!();
      this.cursor--;
    }
    while (this.cursor < target && this.applyNext() !== null) {
      // replaying the buffered events
    }
    this.notify();
  }

  /** Computes the run up to step `k` (or its end) without moving the step on screen: an export
   *  (www/animate.ts) then seeks through steps the player had not reached. Returns the steps known. */
  async computeTo(k: number): Promise<number> {
    await this.ensure(Math.floor(k) - this.cursor);
    return this.base + this.log.length;
  }

  /**
   * Applies events until one passes `test` (it is applied and shown), the search ends, or
   * RUN_TO_LIMIT events went by; returns the event found, or null.
   */
  async runTo(test: (e: E) => boolean): Promise<E | null> {
    this.pause();
    const my = ++this.loop;
    let applied = 0;
    try {
      while (applied < RUN_TO_LIMIT) {
        await this.ensure(1);
        if (this.disposed || my !== this.loop) return null;
        // Apply what is buffered without waiting, up to the next match.
        let e: E | null;
        while ((e = this.applyNext()) !== null) {
          applied++;
          if (test(e)) {
            this.notify();
            return e;
          }
          if (this.cursor === this.base + this.log.length || applied >= RUN_TO_LIMIT) break;
        }
        if (e === null && this.sourceDone) break;
        // Fetch in bulk from here on: a run to the next solution may cross millions of nodes.
        if (this.base + this.log.length === this.cursor && !this.sourceDone) await this.ensure(20_000);
      }
    } catch (err) {
      this.fail(err);
      return null;
    }
    this.notify();
    return null;
  }

  play(): void {
    if (this.playing || this.disposed) return;
    this.playing = true;
    this.lastTime = performance.now();
    this.credit = 0;
    const loop = ++this.loop;
    this.raf = requestAnimationFrame((t) => void this.tick(t, loop));
    this.notify();
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.raf);
    this.notify();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  private async tick(now: number, loop: number): Promise<void> {
    if (!this.playing || loop !== this.loop) return;
    const dt = Math.min(now - this.lastTime, 250);
    this.lastTime = now;
    // At the first step of a slow speed show one event at once rather than after a full period.
    this.credit = Math.max(this.credit, 0) + (dt * this.speed) / 1000;
    if (this.credit < 1 && this.speed < 2 && this.cursor === 0) this.credit = 1;
    const batch = Math.min(Math.floor(this.credit), 50_000);
    if (batch > 0) {
      try {
        await this.ensure(batch);
      } catch (e) {
        this.fail(e);
        return;
      }
      // Paused (and maybe played again, starting a new loop) while waiting for events.
      if (!this.playing || loop !== this.loop) return;
      let applied = 0;
      while (applied < batch) {
        const e = this.applyNext();
        if (e === null) break;
        applied++;
        if (this.pauseOn?.(e)) {
          this.playing = false;
          break;
        }
      }
      this.credit -= applied;
      if (applied === 0 && this.sourceDone) this.playing = false;
      this.notify();
    }
    if (this.playing) this.raf = requestAnimationFrame((t) => void this.tick(t, loop));
  }

  private fail(e: unknown): void {
    // A disposed player's session was freed by the reset that disposed it, so a step still in
    // flight fails with "no solver session": that error is nobody's (a lesson's Next, a link or
    // Reset while playing showed it under the new run's board).
    if (this.disposed) return;
    this.playing = false;
    cancelAnimationFrame(this.raf);
    this.onError(e);
    this.notify();
  }

  dispose(): void {
    this.disposed = true;
    this.playing = false;
    cancelAnimationFrame(this.raf);
  }
}

/** Maps a 0..100 slider to events per second: 1/s at 0, logarithmic, unlimited at 100. */
export function sliderToSpeed(value: number): number {
  if (value >= 100) return MAX_SPEED;
  return Math.round(Math.pow(10, (value / 100) * 4.5));
}

export function speedLabel(speed: number): string {
  if (speed >= MAX_SPEED) return 'max';
  return speed === 1 ? '1 event/s' : `${speed} events/s`;
}
