// Keeps the address bar in step with the page (the address is the state, docs/FORMATS.md): reads
// the fragment on load and on hashchange, reports a bad link in a banner that stays until dismissed,
// writes the current view's state back with history.replaceState (never a history entry per change),
// and gives the tab bar its "Copy link" button. The parsing itself is www/address.ts.

import { h } from './dom';
import { formatAddress, parseAddress, unusedSettings, type Address, type Mode, type Settings, type Tab } from './address';
import { copyText } from './views/common/copy';

/** What a view puts in the address; null while it has nothing settled to show (a load in flight). */
export interface ViewState {
  puzzle: string | null;
  settings: Settings;
}

/** What `step=` needs of a view's run (views/runner.ts). */
export interface Seekable {
  seek(k: number): void;
  runTo(test: () => boolean): Promise<unknown>;
  state(): { position: number } | null;
}

/**
 * Applies `step=` from a link to a run that has just been (re)started: the run computes and shows
 * its first `step` events (the player's own bound, RUN_TO_LIMIT, caps the work). Call it once the
 * run's parameters are the link's, never before (it would start a run on the old puzzle).
 */
export function applyStep(run: Seekable | null | undefined, step: number | undefined): void {
  if (step === undefined || !run) return;
  if (step <= 0) {
    linkedStep.delete(run);
    return run.seek(0);
  }
  // The step is where the run stands, not how far to go: a link opened over a run already at a
  // step (a pasted address, the browser's Back) goes there, not that many steps further on.
  const at = run.state()?.position ?? 0;
  if (step <= at) {
    linkedStep.delete(run);
    return run.seek(step);
  }
  linkedStep.set(run, step);
  let seen = at;
  void run.runTo(() => ++seen >= step).finally(() => {
    if (linkedStep.get(run) === step) linkedStep.delete(run);
  });
}

/** The step a link asked of a run that is still on its way there. The address keeps it meanwhile:
 *  written from the run's position, it lost `step=` while the run caught up, and a reload in that
 *  moment reopened step 0. */
const linkedStep = new WeakMap<Seekable, number>();

/** Says that `run`, about to be started over, is to go to a link's `step` (see applyStep). */
export function expectStep(run: Seekable | null | undefined, step: number | undefined): void {
  if (run && step !== undefined && step > 0) linkedStep.set(run, step);
}

/** The run's position for the address (or the link's step it is on its way to), left out at 0. */
export function stepOf(run: Seekable | null | undefined): number | undefined {
  const linked = run ? linkedStep.get(run) : undefined;
  if (linked !== undefined) return linked;
  const k = run?.state()?.position ?? 0;
  return k > 0 ? k : undefined;
}

/** What a view with a play mode says when a link's `board=` cannot be used. */
export interface BoardWords {
  /** The link asked for play mode but its puzzle did not open (or lay out). */
  unopened: string;
  /** The link's mode is not play. */
  notPlay: string;
}

/**
 * Applies `board=` from a link once its puzzle has loaded and the link's mode is set: the player's
 * position goes on the board in play mode; otherwise the banner says why it was left out, so a
 * position in a link is never dropped silently. `restore` returns a sentence when the board does
 * not fit the puzzle.
 */
export function applyBoard(s: Settings, mode: Mode, restore: (text: string) => string | null, words: BoardWords): void {
  if (s.board === undefined) return;
  const problem = mode === 'play' ? restore(s.board) : s.mode === 'play' ? words.unopened : words.notPlay;
  if (problem) addLinkProblem(problem);
}

/**
 * The settings a puzzle view writes into its address: the mode, its switched technique options,
 * the watch run's position in watch mode, and the player's position (`board=`) in play mode. One
 * place, so every view's link means the whole state the same way.
 */
export function puzzleSettings(mode: Mode, opts: [string, string][], run: Seekable | null | undefined, board: () => string | undefined): Settings {
  const settings: Settings = { mode };
  if (opts.length) settings.opts = opts;
  const step = mode === 'watch' ? stepOf(run) : undefined;
  if (step !== undefined) settings.step = step;
  const position = mode === 'play' ? board() : undefined;
  if (position !== undefined) settings.board = position;
  return settings;
}

const banner = h('div', { class: 'link-error', id: 'link-error', role: 'alert', hidden: '' });
const bannerText = h('p', { class: 'error', id: 'link-error-text' });
const dismiss = h('button', { type: 'button', id: 'link-error-dismiss' }, 'Dismiss');
banner.append(bannerText, dismiss);
dismiss.addEventListener('click', () => showLinkProblem(null));

/** While a link's problem is on screen the address is left as it came, so it can be inspected
 *  and fixed; the user's first change to the page (a key or a click) lets it follow again. */
let frozen = false;

/** The problems on screen, in the order found. */
let problems: string[] = [];

function drawProblems(): void {
  banner.hidden = problems.length === 0;
  bannerText.textContent = problems.join(' ');
}

/** Shows (or with null hides) what is wrong with the link that opened the page. */
export function showLinkProblem(message: string | null): void {
  problems = message === null ? [] : [message];
  drawProblems();
  frozen = message !== null;
}

/** Adds a view's finding about the link (a puzzle that does not parse) to what is on screen. */
export function addLinkProblem(message: string): void {
  problems.push(message);
  drawProblems();
  frozen = true;
}

/** Takes back a finding the page has since made untrue (a setting the view now uses after all),
 *  so the banner never describes a state the page has left. */
export function retractLinkProblem(message: string): void {
  const at = problems.indexOf(message);
  if (at < 0) return;
  problems.splice(at, 1);
  drawProblems();
  if (problems.length === 0) frozen = false;
}

export interface LinkHost {
  /** The tab bar; the banner goes after it. */
  nav: HTMLElement;
  /** Where the Copy link button goes (the tab bar's group of buttons). */
  tools: HTMLElement;
  /** Opens a parsed address (a tab, its puzzle and settings). */
  open(a: Address): void;
  /** The shown tab and its state. */
  current(): { tab: Tab; state: ViewState | null };
  /** Whether presenter mode is on (kept in the address as `present=1`). */
  present?(): boolean;
  /** Whether the embedded view is on (kept as `embed=1`, www/embed.ts). */
  embed?(): boolean;
}

/** Scrolls to the top now, after the next frame and once the page has loaded: the browser's own
 *  scroll to a fragment's element comes at one of those moments, depending on how it was opened. */
function toTop(): void {
  window.scrollTo(0, 0);
  window.requestAnimationFrame(() => window.scrollTo(0, 0));
  if (document.readyState !== 'complete') window.addEventListener('load', () => window.setTimeout(() => window.scrollTo(0, 0), 0), { once: true });
}

export function linkAddress(host: LinkHost): { route(): void; href(): string } {
  const copyButton = h('button', { type: 'button', id: 'copy-link', class: 'link-button', title: 'Copy the address of this view: the puzzle or N, the mode, the seed and, in play mode, your entries' }, 'Copy view link');
  const copyField = h('input', { type: 'text', readonly: '', id: 'copy-link-field', 'aria-label': 'Address of this view', class: 'visually-hidden', tabindex: '-1' });
  const copyStatus = h('span', { id: 'copy-link-status', class: 'copy-status', 'aria-live': 'polite' });
  host.tools.append(copyButton, copyStatus, copyField);
  host.nav.after(banner);

  /** The address as last routed or written here. When the bar holds another one, a navigation
   *  (a clicked link, a lesson's Next) is waiting for its hashchange event: writing the old view's
   *  state now would overwrite it, and the page would route back to the old view. */
  let known = location.hash;

  function sync(): void {
    if (frozen || location.hash !== known) return;
    const { tab, state } = host.current();
    if (!state) return;
    const settings = { ...state.settings, ...(host.present?.() ? { present: true } : {}), ...(host.embed?.() ? { embed: true } : {}) };
    const hash = formatAddress({ tab, puzzle: state.puzzle, settings });
    if (hash !== location.hash) {
      history.replaceState(history.state, '', hash);
      known = location.hash;
    }
  }

  copyButton.addEventListener('click', () => {
    frozen = false;
    sync();
    void copyText(location.href, 'link', copyField, (m) => (copyStatus.textContent = m));
  });
  // The views change state on clicks, keys and async answers; a cheap poll catches all of them.
  // The end of every key press, click or change also syncs at once, inside the event itself (the
  // views' own handlers on the board ran before this listener on the document), so a reload right
  // after a move, which reads the address, already finds that move in it. A timer there was not
  // enough: on a busy machine a reload issued just after the key could overtake it (CI saw a
  // reload bring back the position one key earlier). The timer stays for what a handler starts
  // but finishes a moment later, and pagehide writes the last state as the page goes.
  window.setInterval(sync, 300);
  for (const ev of ['keyup', 'pointerup', 'click', 'change'] as const) {
    document.addEventListener(ev, () => {
      sync();
      window.setTimeout(sync, 0);
    });
  }
  window.addEventListener('pagehide', sync);
  for (const ev of ['keydown', 'pointerdown'] as const) {
    document.addEventListener(ev, (e) => {
      if (e.target !== dismiss && frozen && !banner.contains(e.target as Node)) frozen = false;
    }, true);
  }

  return {
    /** The address of the view on screen, written now (what Copy view link copies). */
    href() {
      frozen = false;
      sync();
      return location.href;
    },
    route() {
      known = location.hash;
      const { address, errors } = parseAddress(location.hash);
      // A bare address opens the landing view (www/main.ts), which reads nothing.
      if (location.hash !== '' && location.hash !== '#') errors.push(...unusedSettings(address));
      showLinkProblem(errors.length ? `This link could not be read fully. ${errors.join(' ')}` : null);
      host.open(address);
      // A bare view name (#hashi) is also the id of the view's section, and the browser scrolls
      // to it, hiding the title and the tabs: a view opens at the top of the page instead.
      if (document.getElementById(location.hash.slice(1))) toTop();
    },
  };
}
