// A tiny element builder: text children are always inserted as text (never parsed as HTML), so
// nothing that comes from a pasted puzzle or a link can inject markup or script.

type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** Counters shown beside a board; `set` updates only the numbers. */
export function counters(names: Record<string, string>): { element: HTMLElement; set(values: Record<string, number | string>): void } {
  const cells = new Map<string, HTMLElement>();
  const element = h('dl', { class: 'counters' });
  for (const [key, label] of Object.entries(names)) {
    const dd = h('dd', { 'data-counter': key }, '0');
    cells.set(key, dd);
    element.append(h('div', {}, h('dt', {}, label), dd));
  }
  return {
    element,
    set(values) {
      for (const [k, v] of Object.entries(values)) {
        const el = cells.get(k);
        if (el) el.textContent = typeof v === 'number' ? v.toLocaleString('en-US') : v;
      }
    },
  };
}

export function formatMicros(us: number): string {
  // No time measured yet (or below the clock's resolution): "0 µs" would read as a measurement.
  if (us <= 0) return '—';
  if (us < 1000) return `${us} µs`;
  if (us < 1_000_000) return `${(us / 1000).toFixed(1)} ms`;
  return `${(us / 1_000_000).toFixed(2)} s`;
}

/** A tab's section: its heading, a one-paragraph introduction, then the given parts. */
export function featureSection(id: string, title: string, lede: string, ...parts: Child[]): HTMLElement {
  return h(
    'section',
    { class: 'feature', id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    h('p', { class: 'lede' }, lede),
    ...parts,
  );
}
