// The algorithm's pseudocode beside the animation (issue 10 point 2), with the line of the event on
// screen lit. The listing and which event kinds happen on which line come from Rust (the
// registry's `AlgorithmInfo.code`, tests/code_listing.rs checks every kind has its line), so the
// page only looks the current event's `kind` up.

import { h } from '../../dom';
import { puzzleInfo } from '../../registry';

export interface CodePanel {
  element: HTMLElement;
  /** Lights the line of this event kind (null: none, before the first event). */
  show(kind: string | null): void;
  /** Shows another algorithm's listing (the N-Queens machines). */
  use(algorithm: string): void;
}

export function mountCode(puzzle: string, algorithm: string, idPrefix: string): CodePanel {
  const list = h('ol', { class: 'code', id: `${idPrefix}-code` });
  const element = h('details', { class: 'code-box', id: `${idPrefix}-code-box`, open: '' }, h('summary', {}, 'The algorithm'), list);
  let lines: HTMLLIElement[] = [];
  let byKind = new Map<string, number>();
  let lit: number | null = null;

  function use(name: string): void {
    const algo = puzzleInfo(puzzle).algorithms.find((a) => a.name === name);
    if (!algo) throw new Error(`no algorithm '${name}' for ${puzzle}`);
    byKind = new Map();
    lines = algo.code.map((l, i) => {
      for (const k of l.events) byKind.set(k, i);
      const indent = /^ */.exec(l.text)![0].length / 2;
      return h('li', { style: `padding-left: ${indent * 1.2}em`, 'data-events': l.events.join(' ') }, h('code', {}, l.text.trimStart()));
    });
    list.replaceChildren(...lines);
    lit = null;
    element.dataset.algorithm = name;
  }
  use(algorithm);

  return {
    element,
    use,
    show(kind) {
      const at = kind === null ? null : byKind.get(kind) ?? null;
      if (at === lit) return;
      if (lit !== null) lines[lit]?.removeAttribute('aria-current');
      if (at !== null) lines[at]?.setAttribute('aria-current', 'step');
      lit = at;
      list.dataset.line = at === null ? '' : String(at);
    },
  };
}
