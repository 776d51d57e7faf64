// The playback bar shared by every puzzle: Solve, Play/Pause, Step, Step back, Reset and speed.
// Controls only emit commands; the feature module decides what they do. Keyboard: Space plays or
// pauses, → steps, ← steps back (when focus is not in a text field).

import { sliderToSpeed, speedLabel, type PlayerState } from '../player';
import { h, formatMicros } from '../dom';
import type { SolveProgress } from '../views/runner';

export interface PlaybackCommands {
  solve(): void;
  toggle(): void;
  step(): void;
  stepBack(): void;
  reset(): void;
  speed(eventsPerSecond: number): void;
  /** Moves to step k of the run computed so far; with it, the bar has a scrubber and a step count. */
  seek?(k: number): void;
  /** "Run to the next …" buttons. */
  milestones?: { label: string; run(): void }[];
  /** Stops a running Solve; with it, Solve reads "Stop" while one runs. */
  stop?(): void;
  /** Registers the bar's progress line with whoever runs the Solve. */
  watchProgress?(show: (p: SolveProgress) => void): void;
}

export interface PlaybackBar {
  element: HTMLElement;
  update(state: PlayerState | null, busy: boolean): void;
  /** The run is playing (as of the last update): its sentences are announced throttled (www/announce.ts). */
  playing(): boolean;
  /** Handles a key press for this bar; true when it was one of ours. */
  key(e: KeyboardEvent): boolean;
}

export function playbackBar(commands: PlaybackCommands, initialSlider = 35, label = ''): PlaybackBar {
  let playingNow = false;
  const solve = h('button', { type: 'button', class: 'primary', title: 'Solve at full speed (S)' }, 'Solve');
  const play = h('button', { type: 'button', title: 'Play or pause the animation (Space)' }, 'Play');
  const step = h('button', { type: 'button', title: 'Next event (→)' }, 'Step');
  const back = h('button', { type: 'button', title: 'Undo the last event (←)' }, 'Step back');
  const reset = h('button', { type: 'button', title: 'Start the search again (R)' }, 'Reset');
  const slider = h('input', {
    type: 'range',
    class: 'speed-slider',
    min: '0',
    max: '100',
    value: String(initialSlider),
    'aria-label': `${label} animation speed`.trim(),
  });
  const speedOut = h('output', { class: 'speed' }, speedLabel(sliderToSpeed(initialSlider)));
  const element = h(
    'div',
    { class: 'playback', role: 'toolbar', 'aria-label': `${label} playback`.trim() },
    solve,
    play,
    step,
    back,
    reset,
    h('label', { class: 'speed-label' }, 'Speed ', slider, speedOut),
  );
  // The scrubber: any step computed so far, and where the run stands ("Step 217 of 1,451").
  const scrubber = h('input', { type: 'range', class: 'scrubber', min: '0', max: '0', value: '0', step: '1', 'aria-label': `${label} step`.trim() });
  const stepCount = h('output', { class: 'step-count', 'aria-live': 'off' }, 'Step 0 of 0');
  const milestoneButtons = (commands.milestones ?? []).map((m) => {
    const b = h('button', { type: 'button', class: 'milestone', title: `Play on to the ${m.label.replace(/^Next /i, 'next ')}` }, m.label);
    b.addEventListener('click', () => m.run());
    return b;
  });
  if (commands.seek) {
    element.append(h('div', { class: 'scrub-row' }, scrubber, stepCount, ...milestoneButtons));
    scrubber.addEventListener('input', () => commands.seek!(Number(scrubber.value)));
  }
  // A Solve that runs past a moment says so: nodes so far and time, and Solve becomes Stop.
  // Not a live region: it ticks twice a second; a screen reader hears "Solving…" and the verdict
  // from the status line instead (www/announce.ts).
  const progress = h('output', { class: 'solve-progress', 'aria-live': 'off', hidden: '' });
  element.append(progress);
  let solving = false;
  commands.watchProgress?.((p) => {
    const nodes = p.stats ? `${p.stats.nodes.toLocaleString('en-US')} nodes` : 'starting';
    const time = formatMicros(p.elapsedMs * 1000);
    if (p.state === 'running') {
      progress.hidden = false;
      progress.textContent = `Solving… ${nodes}, ${time}.`;
    } else if (p.state === 'stopped') {
      progress.hidden = false;
      progress.textContent = `Stopped after ${nodes === 'starting' ? 'a moment' : nodes}, ${time}.`;
    } else {
      progress.hidden = true;
      progress.textContent = '';
    }
  });
  solve.addEventListener('click', () => {
    if (solving && commands.stop) commands.stop();
    else commands.solve();
  });
  play.addEventListener('click', () => commands.toggle());
  step.addEventListener('click', () => commands.step());
  back.addEventListener('click', () => commands.stepBack());
  reset.addEventListener('click', () => commands.reset());
  slider.addEventListener('input', () => {
    const s = sliderToSpeed(Number(slider.value));
    speedOut.textContent = speedLabel(s);
    commands.speed(s);
  });
  commands.speed(sliderToSpeed(initialSlider));

  return {
    element,
    playing: () => playingNow,
    update(state, busy) {
      playingNow = !!state?.playing;
      play.textContent = state?.playing ? 'Pause' : 'Play';
      play.setAttribute('aria-pressed', String(!!state?.playing));
      const finished = !!state?.finished;
      play.disabled = busy || (finished && !state?.playing);
      step.disabled = busy || finished;
      back.disabled = busy || !state?.canStepBack;
      solving = busy;
      if (commands.seek) {
        const known = state?.known ?? 0;
        const first = state?.first ?? 0;
        const position = state?.position ?? 0;
        scrubber.min = String(first);
        scrubber.max = String(known);
        scrubber.value = String(position);
        scrubber.disabled = busy || known === first;
        const ofWhat = `${known.toLocaleString('en-US')}${state?.complete ? '' : ' so far'}`;
        // A Solve at full speed ends with nothing recorded: "Step 0 of 0 so far" would read as a
        // run that has not started.
        stepCount.textContent =
          finished && known === 0
            ? // "Ran", not "Solved": a run may have given up or met its budget (the sentence says which).
              'Ran at full speed: no steps recorded (Reset, then Play or Step, to watch).'
            : `Step ${position.toLocaleString('en-US')} of ${ofWhat}${first > 0 ? ` (steps before ${first.toLocaleString('en-US')} no longer kept)` : ''}`;
        scrubber.setAttribute('aria-valuetext', stepCount.textContent);
        for (const b of milestoneButtons) b.disabled = busy || !!state?.finished;
      }
      solve.textContent = busy && commands.stop ? 'Stop' : 'Solve';
      solve.title = busy && commands.stop ? 'Stop the running Solve (S)' : 'Solve at full speed (S)';
      solve.disabled = busy && !commands.stop;
    },
    key(e) {
      if (e.key === ' ' || e.key === 'k') commands.toggle();
      else if (e.key === 'ArrowRight') commands.step();
      else if (e.key === 'ArrowLeft') commands.stepBack();
      else if (e.key === 'r' || e.key === 'R') commands.reset();
      else if (e.key === 's' || e.key === 'S') {
        if (solving && commands.stop) commands.stop();
        else commands.solve();
      }
      else return false;
      e.preventDefault();
      return true;
    },
  };
}

/** True when a key event comes from a field where typing must not trigger shortcuts. */
export function typingInField(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  if (t.isContentEditable) return true;
  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (t as HTMLInputElement).type;
    return type !== 'range' && type !== 'checkbox' && type !== 'radio' && type !== 'button';
  }
  return e.ctrlKey || e.metaKey || e.altKey;
}
