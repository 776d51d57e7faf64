// An algorithm's options as form fields, made from the registry (src/puzzles/*/game.rs): each
// option's name is its label (the word the address, the CLI and the API use), its summary the
// text beside it, its range, choices and default the field's. Numbers (`int`, `float`) are text
// fields, `bool` a checkbox, `choice` a menu of its words; a seed has its own field
// (views/common/seed.ts) and techniques their switches (views/common/techniques.ts).

import { h } from '../../dom';
import { puzzleInfo } from '../../registry';
import type { OptionInfo } from '../../generated/types';
import type { SolverOptions } from '../../protocol';

type Kind = OptionInfo['kind'];
type FormOption = OptionInfo & { kind: Extract<Kind, { type: 'int' | 'float' | 'bool' | 'choice' }> };
type NumberOption = OptionInfo & { kind: Extract<Kind, { type: 'int' | 'float' }> };

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

/** The options of `algorithm` a form can hold, in the registry's order. */
function formOptions(puzzle: string, algorithm: string): FormOption[] {
  const algo = puzzleInfo(puzzle).algorithms.find((a) => a.name === algorithm);
  if (!algo) throw new Error(`no algorithm '${algorithm}' for ${puzzle}`);
  return algo.options.filter((o): o is FormOption => ['int', 'float', 'bool', 'choice'].includes(o.kind.type));
}

const isNumber = (o: FormOption): o is NumberOption => o.kind.type === 'int' || o.kind.type === 'float';

/** A list in words: "a, b or c". */
const either = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`);

/** Why `text` is not a value of option `o` (null when it is one). */
function problem(o: FormOption, text: string, what: string): string | null {
  if (o.kind.type === 'bool') return text === 'true' || text === 'false' ? null : `The ${what} option "${o.name}" must be true or false (got "${text}").`;
  if (o.kind.type === 'choice') return o.kind.choices.includes(text) ? null : `The ${what} option "${o.name}" must be ${either(o.kind.choices)} (got "${text}").`;
  const { min, max } = o.kind;
  const range = `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  const whole = o.kind.type === 'int';
  const v = Number(text);
  const ok = (whole ? /^\d{1,16}$/.test(text) : /^\d{1,16}(\.\d{1,15})?$/.test(text)) && v >= min && v <= max;
  return ok ? null : `The ${what} option "${o.name}" must be ${whole ? 'a whole number' : 'a number'} ${range} (got "${text}").`;
}

/** The default as a field holds it ('' where the algorithm decides). */
const defaultText = (o: FormOption): string => (o.kind.default === null ? '' : String(o.kind.default));

type Field = HTMLInputElement | HTMLSelectElement;

/** A field's value as text: a checkbox's is "true" or "false". */
const valueOf = (f: Field): string => (f instanceof HTMLInputElement && f.type === 'checkbox' ? String(f.checked) : f.value.trim());

function setValue(f: Field, v: string): boolean {
  if (valueOf(f) === v) return false;
  if (f instanceof HTMLInputElement && f.type === 'checkbox') f.checked = v === 'true';
  else f.value = v;
  return true;
}

/** `what` names the options in sentences ("Skyscrapers repair": "The Skyscrapers repair option …"). */
export function optionForm(puzzle: string, algorithm: string, idPrefix: string, what: string): OptionForm {
  const options = formOptions(puzzle, algorithm);
  const fields = new Map<string, { o: FormOption; input: Field }>();
  const rows = options.map((o) => {
    const about = `${idPrefix}-${o.name}-about`;
    let input: Field;
    if (o.kind.type === 'bool') {
      input = h('input', { type: 'checkbox', id: `${idPrefix}-${o.name}`, 'aria-describedby': about });
      input.checked = o.kind.default;
    } else if (o.kind.type === 'choice') {
      input = h('select', { id: `${idPrefix}-${o.name}`, 'aria-describedby': about }, ...o.kind.choices.map((c) => h('option', { value: c }, c)));
      input.value = o.kind.default;
    } else {
      const d = o.kind.default;
      input = h('input', {
        type: 'text',
        inputmode: o.kind.type === 'int' ? 'numeric' : 'decimal',
        id: `${idPrefix}-${o.name}`,
        size: '8',
        // No default: the algorithm decides (its summary says how), so the field is left empty.
        placeholder: d === null ? 'default' : String(d),
        value: d === null ? '' : String(d),
        'aria-describedby': about,
      });
    }
    fields.set(o.name, { o, input });
    return h(
      'div',
      { class: 'option-row' },
      h('label', { for: input.id }, h('code', {}, o.name), ' ', input),
      h('span', { class: 'option-about', id: about }, o.summary),
    );
  });
  const element = h('div', { class: 'option-form', id: `${idPrefix}-options` }, ...rows);
  const listeners: (() => void)[] = [];
  for (const { input } of fields.values()) input.addEventListener('change', () => listeners.forEach((f) => f()));

  /** The field's value when it is not the default, else null. */
  const changed = (o: FormOption, input: Field): string | null => {
    const t = valueOf(input);
    if (!isNumber(o)) return t === defaultText(o) ? null : t;
    if (t === '' || (o.kind.default !== null && Number(t) === o.kind.default)) return null;
    // The number as the run reads it ("007" runs as 7, so the link says 7); a value that is not
    // one stays as typed, so its error quotes what the player wrote, not "1e+23".
    return problem(o, t, what) === null ? String(Number(t)) : t;
  };

  /** The value a session is given for `t`, a valid text of option `o`. */
  const typed = (o: FormOption, t: string): string | number | boolean => (o.kind.type === 'bool' ? t === 'true' : o.kind.type === 'choice' ? t : Number(t));

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
        out[o.name] = typed(o, t);
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
      for (const [name, { o, input }] of fields) if (setValue(input, wanted.get(name) ?? defaultText(o))) moved = true;
      if (moved) listeners.forEach((f) => f());
      return problems;
    },
  };
}
