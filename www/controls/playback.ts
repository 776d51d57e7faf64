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
  /** Stops a running Solve; with it, Solve reads "Stop" while one runs. */
  stop?(): void;
  /** Registers the bar's progress line with whoever runs the Solve. */
  watchProgress?(show: (p: SolveProgress) => void): void;
}

export interface PlaybackBar {
  element: HTMLElement;
  update(state: PlayerState | null, busy: boolean): void;
  /** Handles a key press for this bar; true when it was one of ours. */
  key(e: KeyboardEvent): boolean;
}

export function playbackBar(commands: PlaybackCommands, initialSlider = 35, label = ''): PlaybackBar {
  const solve = h('button', { type: 'button', class: 'primary', title: 'Solve at full speed (S)' }, 'Solve');
  const play = h('button', { type: 'button', title: 'Play or pause the animation (Space)' }, 'Play');
  const step = h('button', { type: 'button', title: 'Next event (→)' }, 'Step');
  const back = h('button', { type: 'button', title: 'Undo the last event (←)' }, 'Step back');
  const reset = h('button', { type: 'button', title: 'Start the search again (R)' }, 'Reset');
  const slider = h('input', {
    type: 'range',
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
  // A Solve that runs past a moment says so: nodes so far and time, and Solve becomes Stop.
  const progress = h('output', { class: 'solve-progress', 'aria-live': 'polite', hidden: '' });
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
    update(state, busy) {
      play.textContent = state?.playing ? 'Pause' : 'Play';
      play.setAttribute('aria-pressed', String(!!state?.playing));
      const finished = !!state?.finished;
      play.disabled = busy || (finished && !state?.playing);
      step.disabled = busy || finished;
      back.disabled = busy || !state?.canStepBack;
      solving = busy;
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
