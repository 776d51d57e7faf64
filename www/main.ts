// Composes the page: one solver client, one feature per tab, keyboard routing. Nothing else.

import './style.css';
import { h } from './dom';
import { SolverClient } from './solver-client';
import { mountQueens, type Feature } from './views/queens';

const client = new SolverClient();

const tabs: { hash: string; title: string; feature: Feature }[] = [
  { hash: 'queens', title: 'N-Queens', feature: mountQueens(client) },
];

const nav = h('nav', { class: 'tabs', 'aria-label': 'Puzzles' });
const main = document.getElementById('app')!;
main.before(nav);
for (const t of tabs) {
  const a = h('a', { href: `#${t.hash}`, 'data-tab': t.hash }, t.title);
  nav.append(a);
  t.feature.element.hidden = true;
  main.append(t.feature.element);
}

function route(): void {
  const wanted = location.hash.replace(/^#/, '').split(/[/:?]/)[0] || tabs[0]!.hash;
  const active = tabs.find((t) => t.hash === wanted) ?? tabs[0]!;
  for (const t of tabs) {
    const on = t === active;
    nav.querySelector(`[data-tab="${t.hash}"]`)?.setAttribute('aria-current', on ? 'page' : 'false');
    if (on) t.feature.show();
    else t.feature.hide();
  }
  current = active.feature;
}

let current: Feature | null = null;
window.addEventListener('hashchange', route);
document.addEventListener('keydown', (e) => {
  if (current) current.key(e);
});
route();
