// An algorithm's options as form fields, made from the registry (src/puzzles/*/game.rs): each
// option's name is its label (the word the address, the CLI and the API use), its summary the
// text beside it, its range and default the field's. Numbers only (`int`, `float`): a seed has its
// own field (views/common/seed.ts) and techniques their switches (views/common/techniques.ts).

import { h } from '../../dom';
import { puzzleInfo } from '../../registry';
import type { OptionInfo } from '../../generated/types';
import type { SolverOptions } from '../../protocol';

type NumberOption = OptionInfo & { kind: { type: 'int' | 'float' } };

export interface OptionForm {
  element: HTMLElement;
  /** The option names the form holds. */
  names: string[];
  /** The options that differ from their defaults, for a session (throws a sentence on a bad value). */
  options(): SolverOptions;
  onChange(f: () => void): void;
  /** The options as the address holds them (`opts=`), defaults left out. */
  linkOptions(): [string, string][];
  /** Sets the fields from a link's pairs (every field it does not name back to its default);
   *  what it could not use, as sentences. */
  takeLinkOptions(pairs: [string, string][]): string[];
}

/** The number options of `algorithm`, in the registry's order. */
function numberOptions(puzzle: string, algorithm: string): NumberOption[] {
  const algo = puzzleInfo(puzzle).algorithms.find((a) => a.name === algorithm);
  if (!algo) throw new Error(`no algorithm '${algorithm}' for ${puzzle}`);
  return algo.options.filter((o): o is NumberOption => o.kind.type === 'int' || o.kind.type === 'float');
}

/** Why `text` is not a value of option `o` (null when it is one). */
function problem(o: NumberOption, text: string, what: string): string | null {
  const { min, max } = o.kind;
  const range = `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  const whole = o.kind.type === 'int';
  const v = Number(text);
  const ok = (whole ? /^\d{1,16}$/.test(text) : /^\d{1,16}(\.\d{1,15})?$/.test(text)) && v >= min && v <= max;
  return ok ? null : `The ${what} option "${o.name}" must be ${whole ? 'a whole number' : 'a number'} ${range} (got "${text}").`;
}

/** `what` names the options in sentences ("Skyscrapers repair": "The Skyscrapers repair option …"). */
export function optionForm(puzzle: string, algorithm: string, idPrefix: string, what: string): OptionForm {
  const options = numberOptions(puzzle, algorithm);
  const fields = new Map<string, { o: NumberOption; input: HTMLInputElement }>();
  const rows = options.map((o) => {
    const d = o.kind.default;
    const input = h('input', {
      type: 'text',
      inputmode: o.kind.type === 'int' ? 'numeric' : 'decimal',
      id: `${idPrefix}-${o.name}`,
      size: '8',
      // No default: the algorithm decides (its summary says how), so the field is left empty.
      placeholder: d === null ? 'default' : String(d),
      value: d === null ? '' : String(d),
      'aria-describedby': `${idPrefix}-${o.name}-about`,
    });
    fields.set(o.name, { o, input });
    return h(
      'div',
      { class: 'option-row' },
      h('label', { for: input.id }, h('code', {}, o.name), ' ', input),
      h('span', { class: 'option-about', id: `${idPrefix}-${o.name}-about` }, o.summary),
    );
  });
  const element = h('div', { class: 'option-form', id: `${idPrefix}-options` }, ...rows);
  const listeners: (() => void)[] = [];
  for (const { input } of fields.values()) input.addEventListener('change', () => listeners.forEach((f) => f()));

  /** The field's value when it is not the default, else null. */
  const changed = (o: NumberOption, input: HTMLInputElement): string | null => {
    const t = input.value.trim();
    if (t === '' || (o.kind.default !== null && Number(t) === o.kind.default)) return null;
    // The number as the run reads it ("007" runs as 7, so the link says 7).
    return Number.isFinite(Number(t)) ? String(Number(t)) : t;
  };

  return {
    element,
    names: options.map((o) => o.name),
    options() {
      const out: SolverOptions = {};
      for (const { o, input } of fields.values()) {
        const t = changed(o, input);
        if (t === null) continue;
        const p = problem(o, t, what);
        if (p) throw new Error(p);
        out[o.name] = Number(t);
      }
      return out;
    },
    onChange(f) {
      listeners.push(f);
    },
    linkOptions() {
      const out: [string, string][] = [];
      for (const { o, input } of fields.values()) {
        const t = changed(o, input);
        // A value the address cannot carry is left out; the run's sentence says what is wrong.
        if (t !== null && problem(o, t, what) === null) out.push([o.name, t]);
      }
      return out;
    },
    takeLinkOptions(pairs) {
      const problems: string[] = [];
      const wanted = new Map<string, string>();
      for (const [name, value] of pairs) {
        const f = fields.get(name);
        if (!f) {
          problems.push(`There is no ${what} option "${name}": the options are ${[...fields.keys()].join(', ')}.`);
          continue;
        }
        const p = problem(f.o, value, what);
        if (p) problems.push(p);
        else wanted.set(name, value);
      }
      // The address is the state: a field the link does not name goes back to its default.
      let moved = false;
      for (const [name, { o, input }] of fields) {
        const v = wanted.get(name) ?? (o.kind.default === null ? '' : String(o.kind.default));
        if (input.value !== v) {
          input.value = v;
          moved = true;
        }
      }
      if (moved) listeners.forEach((f) => f());
      return problems;
    },
  };
}
