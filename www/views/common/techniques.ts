// The technique switches of a watch mode, made from the registry (the algorithm's `techniques`
// option: its names, the ones on by default, and each switch's label and tooltip), so no view
// names, labels or defaults a technique of its own.

import { h } from '../../dom';
import { puzzleInfo } from '../../registry';
import type { TechniqueLabel } from '../../generated/types';

export interface TechniqueSwitches {
  /** The fieldset of check boxes. */
  element: HTMLElement;
  /** The check boxes by technique name (the address's `opts=`, views/common/size-link.ts). */
  boxes: Map<string, HTMLInputElement>;
  /** Each technique's label by name. */
  labels: TechniqueLabel[];
  /** Names as a sentence writes them (lower case, acronyms kept), for the comparison table. */
  words: Record<string, string>;
}

export function techniqueSwitches(puzzle: string, algorithm: string, idPrefix: string, legend: string, className: string): TechniqueSwitches {
  const option = puzzleInfo(puzzle)
    .algorithms.find((a) => a.name === algorithm)
    ?.options.find((o) => o.kind.type === 'techniques');
  if (!option || option.kind.type !== 'techniques') throw new Error(`${puzzle} ${algorithm}: no techniques in the registry`);
  const { on, labels } = option.kind;
  const element = h('fieldset', { class: className }, h('legend', {}, legend));
  const boxes = new Map<string, HTMLInputElement>();
  for (const t of labels) {
    const box = h('input', { type: 'checkbox', id: `${idPrefix}${t.name}` });
    box.checked = on.includes(t.name);
    boxes.set(t.name, box);
    element.append(h('label', { class: 'check', title: t.title }, box, ` ${t.label}`));
  }
  const words = Object.fromEntries(labels.map((t) => [t.name, t.label === t.label.toUpperCase() ? t.label : t.label.toLowerCase()]));
  return { element, boxes, labels, words };
}
