// Composes the page: one solver client, one feature per tab, keyboard routing. Nothing else.

import './style.css';
import { h } from './dom';
import { SolverClient } from './solver-client';
import { keyboardHelp } from './controls/help';
import { typingInField } from './controls/playback';
import type { Feature } from './views/feature';
import { N_TABS, TAB_SPECS, type Tab } from './address';
import { linkAddress } from './link';
import { registerOffline } from './offline/register';
import { PUZZLE_VIEWS } from './generated/tabs';
import { MOUNTS } from './generated/views';
import { mountLanding } from './views/landing';
import { mountExperiments } from './views/experiments/index';
import { mountGuide } from './lessons/guide';
import { presenterMode } from './presenter';
import { embedMode } from './embed';
import { exportDialog } from './export';
import { animateDialog } from './animate';
import { printing } from './print';
import { shareButton } from './share';
import type { PuzzleName } from './generated/puzzles';

const titled = (hash: string) => TAB_SPECS.find((t) => t.hash === hash)!.title;
// One worker per feature: cancelling a long Solve restarts only that feature's worker. The puzzles'
// tabs come from their view folders, in registry order (www/generated/, written from the registry).
const tabs: { hash: Tab; title: string; feature: Feature }[] = [
  { hash: 'start', title: titled('start'), feature: mountLanding() },
  ...PUZZLE_VIEWS.flatMap((v) =>
    v.tabs.map((t) => {
      const mount = MOUNTS[t.hash as keyof typeof MOUNTS] as ((client: SolverClient) => Feature) | undefined;
      if (!mount) throw new Error(`the ${v.puzzle} view declares a tab ${t.hash} that its mount.ts does not mount`);
      return { hash: t.hash, title: t.title, feature: mount(new SolverClient(v.puzzle as PuzzleName)) };
    }),
  ),
  // Its own pools of workers (www/experiment-pool.ts), one per core.
  { hash: 'experiments', title: titled('experiments'), feature: mountExperiments() },
];

const nav = h('nav', { class: 'tabs', 'aria-label': 'Puzzles' });
// Copy link, Presenter and Keys as one group at the end of the tab bar, so that when the bar wraps
// they move to the next row together instead of leaving one of them alone there.
const tools = h('div', { class: 'nav-tools' });
const main = document.getElementById('app')!;
main.before(nav);
// Guided lessons (www/lessons/): a bar above the views, started from the landing view.
const guide = mountGuide();
main.prepend(guide.element);
const landingHelp = tabs[0]!.feature.element.querySelector('p.help');
landingHelp?.before(h('h3', {}, 'Guided lessons'), guide.list);
const presenter = presenterMode();
const embed = embedMode(() => link.href());
for (const t of tabs) {
  const a = h('a', { href: `#${t.hash}`, 'data-tab': t.hash }, t.title);
  nav.append(a);
  t.feature.element.hidden = true;
  main.append(t.feature.element);
}
nav.append(tools);

// The address (`#tab/puzzle?settings`, docs/FORMATS.md) is read and written by www/link.ts.
const link = linkAddress({
  nav,
  tools,
  open(address) {
    presenter.set(address.settings.present === true);
    embed.set(address.settings.embed === true);
    // Presenter mode and the embedded view are the page's, not a view's: a view gets only its own settings.
    const { present: _present, embed: _embed, ...settings } = address.settings;
    // No fragment at all (a first visit) opens the landing view; a bad one still falls back to the first puzzle's.
    const bare = location.hash === '' || location.hash === '#';
    const active = tabs.find((t) => t.hash === (bare ? 'start' : address.tab)) ?? tabs[0]!;
    for (const t of tabs) {
      const on = t === active;
      nav.querySelector(`[data-tab="${t.hash}"]`)?.setAttribute('aria-current', on ? 'page' : 'false');
      if (on) t.feature.show(address.puzzle, settings);
      else t.feature.hide();
    }
    current = active;
    // One title per view (a browser tab, a bookmark, a history entry say which view it is).
    document.title = active.hash === 'start' ? 'Solvescope — watch constraint solvers think' : `${active.title}${viewNamed(active.hash, address.puzzle)} · Solvescope`;
  },
  present: () => presenter.on(),
  embed: () => embed.on(),
  current: () => (current ? { tab: current.hash, state: current.feature.state() } : { tab: TAB_SPECS[0]!.hash, state: null }),
});
const route = () => link.route();

/** What the title adds for the view's puzzle: N, or the size at the head of a puzzle's ID. */
function viewNamed(tab: Tab, puzzle: string | null): string {
  if (!puzzle) return '';
  // The views whose puzzle is a board size N (their tabs.ts says so).
  if (N_TABS.includes(tab)) return `, N = ${puzzle}`;
  // A Tatham ID starts with its size (9:…, 25x25m2:…); the rest is no use in a title.
  const size = /^(\d{1,3}(?:x\d{1,3})?)[:#m]/.exec(puzzle);
  if (!size) return '';
  const [w, h] = size[1]!.split('x');
  return `, ${w} × ${h ?? w}`;
}

let current: (typeof tabs)[number] | null = null;
window.addEventListener('hashchange', route);
const help = keyboardHelp();
const exportHost = {
  current: () => link.href(),
  view: () => current?.feature.element ?? null,
  redraw: () => current?.feature.redraw?.(),
};
const picture = exportDialog(exportHost);
const animation = animateDialog({ ...exportHost, runs: () => current?.feature.runs?.() ?? [] });
tools.append(embed.button, picture.button, animation.button, shareButton(exportHost), presenter.button, help.button);
document.addEventListener('keydown', (e) => {
  if (e.key === '?' && !typingInField(e)) {
    e.preventDefault();
    help.toggle();
    return;
  }
  if (!typingInField(e) && presenter.key(e)) return;
  if (current) current.feature.key(e);
});
route();

registerOffline();
printing();
