// The live search tree of a backtracking run (issue 10 point 1). Every choice the solver makes (a
// queen's column, a cell's height, a bridge count) is a node; nodes appear as the run branches, a
// branch left without children that led to no solution is a dead end (marked, with the reason the
// solver gave), the current path is highlighted, and a click on a node moves the player to the
// step that made it.
//
// The structure comes from the events alone: each view says which of its events is a choice at
// which depth and which takes the search back (`TreeOp`); this file knows no puzzle. Nodes are made
// in depth-first order, so node i sits at x = i, y = its depth, and a subtree is a contiguous run
// of nodes. The tree keeps what was explored when the player steps back, so stepping forward again
// reuses those nodes, but it draws and counts only the nodes, dead ends and solutions made by the
// step on screen (a prefix of the nodes, since they are made in step order): the panel is a
// function of the step, the same whether it was reached by stepping, scrubbing, stepping back or
// a link. Past a few thousand nodes each pixel column is drawn as one stroke from its shallowest
// to its deepest node, so 10^5 nodes and more draw in constant time.

import { h } from '../../dom';
import { HISTORY, type Undo } from '../../player';

/** What one event does to the tree. */
export interface TreeOp {
  /** A choice: a new node at this depth (1 = a child of the root), labelled. */
  push?: { depth: number; label: string };
  /** The search went back: only nodes shallower than this depth stay on the path. */
  truncate?: number;
  /** Why the node on top failed (kept if it turns out to be a dead end). */
  why?: string;
  /** The node on top is a solution. */
  solution?: boolean;
  /** The search starts again from the root (restarts). */
  restart?: boolean;
}

const enum Mark {
  Open = 0,
  Dead = 1,
  Solution = 2,
}

/** The caption of a tree with no choice yet: the untouched page and step 0 alike. */
export const EMPTY_TREE = 'The search tree grows here as the solver makes choices (press Play or Step).';

/** The caption after Solve: a run solved at full speed records no steps, so no tree grows, and
 *  Play and Step are off until Reset. */
export const SOLVED_FAST_TREE = 'Solve ran at full speed and recorded no choices: press Reset, then Play or Step, to watch the tree grow.';

/** The caption past step 0 with still no choice (a puzzle the rules solve alone): "press Play"
 *  would promise a tree that a finished run never grows. */
export function noChoiceYet(step: number): string {
  return `No choices up to step ${step.toLocaleString('en-US')}: every step so far was forced by the rules.`;
}

/** How many nodes the tree holds at most, for a tree that keeps the nodes of the last `window`
 *  steps: half as many again, so that pruning runs once per `window / 2` new nodes. A long run at
 *  full speed (an all-solutions search goes on for hours) then keeps at most this many nodes, as
 *  the player keeps at most HISTORY events: the page's memory stays flat. */
export function maxTreeNodes(window: number): number {
  return window + Math.floor(window / 2);
}

/** Nodes drawn one by one up to this many; beyond, per pixel column. */
const DETAILED = 4000;
/** Labels are written beside the nodes up to this many. */
const LABELLED = 48;

export class SearchTree {
  /** Per node (index = creation order = depth-first order): parent, depth, step, label, mark. */
  parent: number[] = [-1];
  depth: number[] = [0];
  step: number[] = [0];
  label: string[] = ['start'];
  mark: Mark[] = [Mark.Open];
  why: (string | null)[] = [null];
  /** The step at which each node became a dead end, or a solution (Infinity while it is not). */
  deadAt: number[] = [Infinity];
  solvedAt: number[] = [Infinity];
  /** Whether a solution has been found below each node (such a node is never a dead end). */
  fruitful: boolean[] = [false];
  /** The deepest depth among nodes 0..i (a running maximum, since nodes are only appended). */
  private deepestTo: number[] = [0];
  children: number[] = [0];
  /** Node ids made at a restart (drawn with a marker). */
  restartAt = new Set<number>();
  deadEnds = 0;
  /** The current path from the root (node ids). */
  path: number[] = [0];
  /** Events applied (the player's position) and the most ever applied. */
  position = 0;
  private highWater = 0;
  /** The node each step made, for steps up to highWater. */
  private madeAt = new Map<number, number>();
  private lastWhy: string | null = null;
  private pendingRestart = false;
  /** The step at which each node first left the path (Infinity while it has not). */
  private leftAt: number[] = [Infinity];
  /** Nodes made more than `window` steps ago and since pruned (summarised in the counts), the
   *  dead ends among them, and the deepest depth they reached. */
  pruned = 0;
  private prunedDeadEnds = 0;
  private prunedDeepest = 0;

  /** `window`: the steps whose nodes are kept (the player can step back at most HISTORY). */
  constructor(readonly window: number = HISTORY) {}

  get size(): number {
    return this.parent.length;
  }

  /** Applies one event's operation (null: the event changes nothing here) and says how to undo it. */
  apply(op: TreeOp | null): Undo {
    this.position++;
    const step = this.position;
    const fresh = step > this.highWater;
    if (fresh) this.highWater = step;
    // By creation step, not id: pruning renumbers the nodes, and steps name them for good.
    const savedPath = this.path.map((id) => this.step[id]!);
    const savedWhy = this.lastWhy;
    const savedRestart = this.pendingRestart;
    if (op) {
      if (op.restart) {
        // The restart abandons the path: its nodes leave it (so pruning can drop them once they
        // are older than the window) but are not dead ends, which the solver never proved.
        if (fresh) for (const id of this.path.slice(1)) if (this.leftAt[id] === Infinity) this.leftAt[id] = this.position;
        this.path.length = 1;
        this.pendingRestart = true;
      }
      if (op.truncate !== undefined) this.cut(Math.max(1, op.truncate), fresh);
      if (op.push) {
        this.cut(Math.max(1, op.push.depth), fresh);
        const top = this.path[this.path.length - 1]!;
        let id = this.madeAt.get(step);
        if (id === undefined) {
          id = this.parent.length;
          this.parent.push(top);
          this.depth.push(this.depth[top]! + 1);
          this.deepestTo.push(Math.max(this.deepestTo[id - 1]!, this.depth[top]! + 1));
          this.step.push(step);
          this.label.push(op.push.label);
          this.mark.push(Mark.Open);
          this.why.push(null);
          this.deadAt.push(Infinity);
          this.solvedAt.push(Infinity);
          this.fruitful.push(false);
          this.children.push(0);
          this.leftAt.push(Infinity);
          this.children[top]!++;
          // A node with a child did not fail, whatever was said while it was on top.
          if (this.mark[top] === Mark.Dead) {
            this.mark[top] = Mark.Open;
            this.deadAt[top] = Infinity;
            this.deadEnds--;
          }
          if (this.pendingRestart) this.restartAt.add(id);
          this.madeAt.set(step, id);
        }
        this.pendingRestart = false;
        this.path.push(id);
        this.lastWhy = null;
      }
      if (op.why) {
        this.lastWhy = op.why;
        // The node on top failed: it is a dead end at the step that says so, not two steps later
        // when the search leaves it, so the caption counts it with its sentence on screen. A
        // choice whose every child failed fails too (N-Queens: "row 5 has no safe square" once
        // its last square failed), unless a solution lies below it.
        const top = this.path[this.path.length - 1]!;
        if (fresh && top > 0 && !this.fruitful[top]) {
          if (this.mark[top] === Mark.Open) {
            this.mark[top] = Mark.Dead;
            this.deadAt[top] = step;
            this.deadEnds++;
          }
          if (this.mark[top] === Mark.Dead) this.why[top] = op.why;
        }
      }
      if (op.solution && fresh) {
        const top = this.path[this.path.length - 1]!;
        this.mark[top] = Mark.Solution;
        this.solvedAt[top] = step;
        for (const id of this.path) this.fruitful[id] = true;
      }
    }
    if (fresh && this.size > maxTreeNodes(this.window)) this.prune();
    return () => {
      this.position--;
      this.path = savedPath.flatMap((st) => {
        const id = st === 0 ? 0 : this.madeAt.get(st);
        return id === undefined ? [] : [id];
      });
      this.lastWhy = savedWhy;
      this.pendingRestart = savedRestart;
    };
  }

  /** Leaves the path at `len` nodes; a node leaving it for the first time without children or a
   *  solution is a dead end, with the last reason the solver gave. */
  private cut(len: number, fresh: boolean): void {
    while (this.path.length > len) {
      const id = this.path.pop()!;
      if (fresh && this.leftAt[id] === Infinity) this.leftAt[id] = this.position;
      if (fresh && this.mark[id] === Mark.Open && this.children[id] === 0) {
        this.mark[id] = Mark.Dead;
        this.why[id] = this.lastWhy;
        this.deadAt[id] = this.position;
        this.deadEnds++;
      }
      this.lastWhy = null;
    }
  }

  /** Drops the nodes no step the player can still reach shows: made before the last `window`
   *  steps and off the path since then (a path of any step in the window holds only nodes made in
   *  it or on the path at its start). They stay in the counts; the rest are renumbered in order. */
  private prune(): void {
    const from = this.position - this.window;
    const keep: number[] = [0];
    const onPath = new Set(this.path);
    for (let i = 1; i < this.size; i++) {
      if (this.step[i]! >= from || this.leftAt[i]! >= from || onPath.has(i)) keep.push(i);
      else {
        this.pruned++;
        if (this.deadAt[i]! <= this.position) this.prunedDeadEnds++;
        this.prunedDeepest = Math.max(this.prunedDeepest, this.depth[i]!);
      }
    }
    const newId = new Map<number, number>();
    keep.forEach((old, k) => newId.set(old, k));
    const pick = <T>(a: T[]): T[] => keep.map((old) => a[old]!);
    // A kept node whose parent went hangs from its nearest kept ancestor (the root at worst).
    this.parent = keep.map((old) => {
      let p = this.parent[old]!;
      while (p > 0 && !newId.has(p)) p = this.parent[p]!;
      return p < 0 ? -1 : newId.get(p)!;
    });
    this.depth = pick(this.depth);
    this.step = pick(this.step);
    this.label = pick(this.label);
    this.mark = pick(this.mark);
    this.why = pick(this.why);
    this.deadAt = pick(this.deadAt);
    this.solvedAt = pick(this.solvedAt);
    this.fruitful = pick(this.fruitful);
    this.children = pick(this.children);
    this.leftAt = pick(this.leftAt);
    this.deepestTo = [];
    for (const d of this.depth) this.deepestTo.push(Math.max(this.deepestTo[this.deepestTo.length - 1] ?? 0, d));
    this.restartAt = new Set([...this.restartAt].filter((id) => newId.has(id)).map((id) => newId.get(id)!));
    this.path = this.path.map((id) => newId.get(id)!);
    this.madeAt = new Map();
    for (let k = 1; k < this.step.length; k++) this.madeAt.set(this.step[k]!, k);
  }

  /** Nodes made by the step on screen, the root included: a prefix of the nodes. */
  visible(): number {
    let lo = 1;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.step[mid]! <= this.position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Node `id`'s mark as of the step on screen. */
  markAt(id: number): Mark {
    if (this.solvedAt[id]! <= this.position) return Mark.Solution;
    if (this.deadAt[id]! <= this.position) return Mark.Dead;
    return Mark.Open;
  }

  /** The number of nodes shown in the subtree of `id` (itself included): a contiguous run. */
  subtreeSize(id: number): number {
    const m = this.visible();
    let end = id + 1;
    while (end < m && this.depth[end]! > this.depth[id]!) end++;
    return end - id;
  }

  /** The deepest depth shown. */
  maxDepth(): number {
    return this.deepestTo[this.visible() - 1]!;
  }

  /** Choices, dead ends and the deepest depth as of the step on screen. */
  shown(): { choices: number; deadEnds: number; deepest: number } {
    const m = this.visible();
    let deadEnds = this.prunedDeadEnds;
    if (this.position >= this.highWater) deadEnds = this.deadEnds;
    else for (let i = 1; i < m; i++) if (this.deadAt[i]! <= this.position) deadEnds++;
    return { choices: m - 1 + this.pruned, deadEnds, deepest: Math.max(this.prunedDeepest, this.deepestTo[m - 1]!) };
  }

  /** One line on the node: its choice, depth, subtree and fate. */
  describe(id: number): string {
    const mark = this.markAt(id);
    // A dead end's sentence is Rust's, its label ("dead end: …", "Contradiction: …") included.
    const fate = mark === Mark.Dead ? (this.why[id] ?? 'dead end') : mark === Mark.Solution ? 'a solution' : this.path.includes(id) ? 'on the current path' : 'explored';
    return id === 0 ? `The start: ${this.visible() - 1} choices below it.` : `${this.label[id]} (depth ${this.depth[id]}, step ${this.step[id]}, subtree ${this.subtreeSize(id)} ${this.subtreeSize(id) === 1 ? 'node' : 'nodes'}): ${fate}.`;
  }
}

/** A label as drawn: its text, its box in CSS pixels, and the baseline it is written on. */
interface LabelBox {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  base: number;
}

const LABEL_FONT = '11px system-ui, sans-serif';

/** Whether the segment from (x0, y0) to (x1, y1), `r` thick on each side, meets box `b`
 *  (Liang-Barsky clipping against the box grown by `r`). */
function segmentMeets(b: LabelBox, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, x0 - (b.x - r)],
    [dx, b.x + b.w + r - x0],
    [-dy, y0 - (b.y - r)],
    [dy, b.y + b.h + r - y0],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const k = q / p;
      if (p < 0) t0 = Math.max(t0, k);
      else t1 = Math.min(t1, k);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/**
 * Where the node labels go (issue 28: on a phone they ran into each other and the path, and the
 * last ones ran off the right edge). Of four places beside its node (right or left, above or
 * below), a label takes one inside the canvas and clear of the labels placed before it, of every
 * node's mark and of the current path: the one crossing the fewest of the tree's thin lines, the
 * first on a tie. A label with no such place is left out (the node's own line says it on hover,
 * click or the keyboard). The path's nodes are placed first, its end first.
 */
function placeLabels(g: CanvasRenderingContext2D, t: SearchTree, m: number, x: (i: number) => number, y: (d: number) => number, w: number, hgt: number): LabelBox[] {
  g.font = LABEL_FONT;
  const at = (i: number): [number, number] => [x(i), y(t.depth[i]!)];
  const path: [number, number, number, number][] = [];
  for (let k = 1; k < t.path.length; k++) path.push([...at(t.path[k - 1]!), ...at(t.path[k]!)]);
  const edges: [number, number, number, number][] = [];
  for (let i = 1; i < m; i++) edges.push([...at(t.parent[i]!), ...at(i)]);
  const top = t.path[t.path.length - 1]!;
  const onPath = new Set(t.path);
  // The path's end first (the choice on screen), then the path back up, then the rest.
  const order = [...t.path.filter((i) => i > 0 && i < m).reverse(), ...Array.from({ length: m - 1 }, (_, k) => k + 1).filter((i) => !onPath.has(i))];
  const placed: LabelBox[] = [];
  const GAP = 4;
  for (const i of order) {
    const text = t.label[i]!;
    const metrics = g.measureText(text);
    const tw = metrics.width;
    const asc = Math.ceil(metrics.actualBoundingBoxAscent || 8);
    const desc = Math.ceil(metrics.actualBoundingBoxDescent || 2);
    const [cx, cy] = at(i);
    let best: LabelBox | null = null;
    let bestCrossings = Infinity;
    for (const [left, below] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]) {
      // Clear of the node's own mark (the path's end is a dot of radius 5, the others about 3).
      const gap = i === top ? 7 : 5;
      const bx = left ? cx - gap - tw : cx + gap;
      const base = below ? cy + gap - 1 + asc : cy - gap + 1 - desc;
      const b: LabelBox = { text, x: bx, y: base - asc, w: tw, h: asc + desc, base };
      if (b.x < 1 || b.y < 1 || b.x + b.w > w - 1 || b.y + b.h > hgt - 1) continue;
      if (placed.some((o) => b.x < o.x + o.w + GAP && o.x < b.x + b.w + GAP && b.y < o.y + o.h + GAP && o.y < b.y + b.h + GAP)) continue;
      // Every node's mark (a dot, a cross, the path's end a bigger dot), with a pixel to spare.
      let clear = true;
      for (let j = 1; j < m && clear; j++) {
        if (j === i) continue;
        const r = j === top ? 6 : 5;
        const [nx, ny] = at(j);
        if (nx + r > b.x && nx - r < b.x + b.w && ny + r > b.y && ny - r < b.y + b.h) clear = false;
      }
      // The path is 3 px wide: half of it and a pixel more.
      if (!clear || path.some(([x0, y0, x1, y1]) => segmentMeets(b, x0, y0, x1, y1, 2.5))) continue;
      const crossings = edges.filter(([x0, y0, x1, y1]) => segmentMeets(b, x0, y0, x1, y1, 0.5)).length;
      if (crossings < bestCrossings) {
        best = b;
        bestCrossings = crossings;
      }
    }
    if (best) placed.push(best);
  }
  return placed;
}

export interface TreeView {
  element: HTMLElement;
  /** Redraws (at most once per animation frame). */
  draw(): void;
}

/** The tree's canvas and caption; `tree()` is the run's current tree, `seek` moves the player. */
export function mountSearchTree(idPrefix: string, tree: () => SearchTree | null, seek: (step: number) => void, solvedFast: () => boolean = () => false): TreeView {
  const canvas = h('canvas', {
    id: `${idPrefix}-tree`,
    class: 'search-tree',
    role: 'application',
    tabindex: '0',
    'aria-roledescription': 'search tree',
    'aria-label': 'Search tree: arrows move between nodes (left and right in search order, up to the parent, down to the first child), Enter goes to the step of the node',
  }) as HTMLCanvasElement;
  /** The node the keyboard is on, while the tree has focus. */
  let focus: number | null = null;
  const caption = h('p', { class: 'tree-caption muted', id: `${idPrefix}-tree-caption`, 'aria-live': 'off' }, EMPTY_TREE);
  const detail = h('p', { class: 'tree-detail', id: `${idPrefix}-tree-detail`, 'aria-live': 'polite' });
  const element = h('details', { class: 'tree-box', id: `${idPrefix}-tree-box`, open: '' }, h('summary', {}, 'Search tree'), canvas, caption, detail);
  let pending = 0;
  const PAD = 8;

  const geometry = (t: SearchTree) => {
    const w = canvas.clientWidth || 480;
    const hgt = canvas.clientHeight || 160;
    const m = t.visible();
    const n = Math.max(1, m - 1);
    const deep = Math.max(1, t.maxDepth());
    // Room on the right for the last node's label (it is most often the path's end), up to a
    // third of the width; a longer label goes to the left of its node (placeLabels).
    let right = PAD;
    const g = m <= LABELLED && m > 1 ? canvas.getContext('2d') : null;
    if (g) {
      g.font = LABEL_FONT;
      right = Math.max(PAD, Math.min(w / 3, g.measureText(t.label[m - 1]!).width + 10));
    }
    const span = w - PAD - right;
    return { w, hgt, span, x: (i: number) => PAD + (i / n) * span, y: (d: number) => PAD + 6 + (d / deep) * (hgt - 2 * PAD - 6) };
  };

  /** Paints the tree and then says which step's tree the pixels show (tests wait for it). */
  function paint(): void {
    paintTree();
    canvas.dataset.painted = String(tree()?.position ?? 0);
  }

  function paintTree(): void {
    pending = 0;
    const t = tree();
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 480;
    const hgt = canvas.clientHeight || 160;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(hgt * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(hgt * dpr);
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, hgt);
    const m = t ? t.visible() : 1;
    if (!t || m <= 1) {
      canvas.dataset.labels = '[]';
      caption.textContent = t && t.position > 0 ? noChoiceYet(t.position) : !t && solvedFast() ? SOLVED_FAST_TREE : EMPTY_TREE;
      return;
    }
    const css = getComputedStyle(canvas);
    const ink = css.getPropertyValue('--fg') || '#222';
    const muted = css.getPropertyValue('--muted') || '#888';
    const accent = css.getPropertyValue('--accent') || '#1a56db';
    const bad = css.getPropertyValue('--bad') || '#c25400';
    const good = css.getPropertyValue('--good') || '#007f5c';
    const { x, y } = geometry(t);
    const labels: LabelBox[] = [];
    if (m <= DETAILED) {
      g.lineWidth = 1;
      for (let i = 1; i < m; i++) {
        const p = t.parent[i]!;
        g.strokeStyle = muted;
        g.beginPath();
        g.moveTo(x(p), y(t.depth[p]!));
        g.lineTo(x(i), y(t.depth[i]!));
        g.stroke();
      }
      for (let i = 1; i < m; i++) {
        const cx = x(i);
        const cy = y(t.depth[i]!);
        const mark = t.markAt(i);
        if (mark === Mark.Dead) {
          // A cross, not a colour alone, says "dead end".
          g.strokeStyle = bad;
          g.lineWidth = 1.5;
          g.beginPath();
          g.moveTo(cx - 3, cy - 3);
          g.lineTo(cx + 3, cy + 3);
          g.moveTo(cx + 3, cy - 3);
          g.lineTo(cx - 3, cy + 3);
          g.stroke();
        } else {
          g.fillStyle = mark === Mark.Solution ? good : ink;
          g.beginPath();
          g.arc(cx, cy, mark === Mark.Solution ? 4.5 : 2.5, 0, 2 * Math.PI);
          g.fill();
        }
        if (t.restartAt.has(i)) {
          g.strokeStyle = accent;
          g.setLineDash([3, 3]);
          g.beginPath();
          g.moveTo(cx - 4, PAD - 6);
          g.lineTo(cx - 4, hgt);
          g.stroke();
          g.setLineDash([]);
        }
      }
      if (m <= LABELLED) {
        g.fillStyle = ink;
        for (const b of placeLabels(g, t, m, x, y, w, hgt)) {
          g.fillText(b.text, b.x, b.base);
          labels.push(b);
        }
      }
    } else {
      // One stroke per pixel column, from its shallowest to its deepest node; dead ends as a tick.
      const cols = Math.max(1, Math.floor(w - 2 * PAD));
      const lo = new Array<number>(cols).fill(Infinity);
      const hi = new Array<number>(cols).fill(-1);
      const dead = new Array<number>(cols).fill(0);
      const n = m - 1;
      for (let i = 1; i < m; i++) {
        const c = Math.min(cols - 1, Math.floor(((i - 1) / n) * cols));
        const d = t.depth[i]!;
        if (d < lo[c]!) lo[c] = d;
        if (d > hi[c]!) hi[c] = d;
        if (t.markAt(i) === Mark.Dead) dead[c]!++;
      }
      g.lineWidth = 1;
      for (let c = 0; c < cols; c++) {
        if (hi[c]! < 0) continue;
        g.strokeStyle = muted;
        g.beginPath();
        g.moveTo(PAD + c + 0.5, y(lo[c]!));
        g.lineTo(PAD + c + 0.5, y(hi[c]!) + 1);
        g.stroke();
        if (dead[c]! > 0) {
          g.strokeStyle = bad;
          g.beginPath();
          g.moveTo(PAD + c + 0.5, y(hi[c]!) + 2);
          g.lineTo(PAD + c + 0.5, y(hi[c]!) + 5);
          g.stroke();
        }
      }
    }
    // The current path on top, always node by node.
    g.strokeStyle = accent;
    g.lineWidth = 3;
    g.beginPath();
    t.path.forEach((id, k) => (k === 0 ? g.moveTo(x(id), y(t.depth[id]!)) : g.lineTo(x(id), y(t.depth[id]!))));
    g.stroke();
    const top = t.path[t.path.length - 1]!;
    g.fillStyle = accent;
    g.beginPath();
    g.arc(x(top), y(t.depth[top]!), 5, 0, 2 * Math.PI);
    g.fill();
    if (focus !== null && focus < m) {
      // The keyboard's node: a ring in the ink colour, apart from the path's accent.
      g.strokeStyle = ink;
      g.lineWidth = 2;
      g.beginPath();
      g.arc(x(focus), y(t.depth[focus]!), 8, 0, 2 * Math.PI);
      g.stroke();
    }
    // Where each label went, in CSS pixels, for tests that measure them against each other.
    canvas.dataset.labels = JSON.stringify(labels.map((b) => [b.x, b.y, b.w, b.h].map((v) => Math.round(v * 10) / 10)));
    const shown =
      (m > DETAILED ? ' Each column sums many nodes: hover or click to see one.' : '') +
      (t.pruned > 0 ? ` The ${t.pruned.toLocaleString('en-US')} oldest choices are counted but no longer drawn: the tree keeps the choices of the last ${t.window.toLocaleString('en-US')} steps, as the player does.` : '');
    const c = t.shown();
    const count = (k: number, one: string, many: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;
    const sofar = `${count(c.choices, 'choice', 'choices')}, ${count(c.deadEnds, 'dead end', 'dead ends')} (×), deepest depth ${c.deepest}`;
    caption.textContent = `${sofar}; the current path is highlighted.${shown} Click a node to go to its step.`;
  }

  /** The node under a pointer: the nearest by x, then by depth among those close in x. */
  function pick(ev: MouseEvent): number | null {
    const t = tree();
    if (!t || t.visible() <= 1) return null;
    const rect = canvas.getBoundingClientRect();
    const px = ev.clientX - rect.left;
    const py = ev.clientY - rect.top;
    const { x, y, span: width } = geometry(t);
    let best: number | null = null;
    let bestD = Infinity;
    const n = t.visible() - 1;
    const centre = Math.round(((px - PAD) / Math.max(1, width)) * n);
    const span = Math.max(3, Math.ceil((12 / Math.max(1, width)) * n));
    for (let i = Math.max(1, centre - span); i <= Math.min(n, centre + span); i++) {
      const d = (x(i) - px) ** 2 + (y(t.depth[i]!) - py) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }

  canvas.addEventListener('keydown', (ev) => {
    const t = tree();
    const m = t ? t.visible() : 0;
    if (!t || m <= 1) return;
    let id = focus !== null && focus < m ? focus : t.path[t.path.length - 1]!;
    switch (ev.key) {
      case 'ArrowRight':
        id = Math.min(m - 1, id + 1);
        break;
      case 'ArrowLeft':
        id = Math.max(0, id - 1);
        break;
      case 'ArrowUp':
        id = Math.max(0, t.parent[id]!);
        break;
      case 'ArrowDown':
        // Nodes are in depth-first order: a first child, if any, is the next node.
        if (id + 1 < m && t.parent[id + 1] === id) id++;
        break;
      case 'Home':
        id = 0;
        break;
      case 'End':
        id = m - 1;
        break;
      case 'Enter':
      case ' ':
        seek(t.step[id]!);
        break;
      default:
        return;
    }
    // The page's arrows step the player: this key press is the tree's.
    ev.preventDefault();
    ev.stopPropagation();
    focus = id;
    detail.textContent = t.describe(id);
    if (!pending) pending = requestAnimationFrame(paint);
  });
  canvas.addEventListener('blur', () => {
    focus = null;
    if (!pending) pending = requestAnimationFrame(paint);
  });

  canvas.addEventListener('mousemove', (ev) => {
    const t = tree();
    const id = pick(ev);
    if (t && id !== null) detail.textContent = t.describe(id);
  });
  canvas.addEventListener('click', (ev) => {
    const t = tree();
    const id = pick(ev);
    if (!t || id === null) return;
    seek(t.step[id]!);
    detail.textContent = t.describe(id);
  });

  // Painted whenever its box changes too: the untouched panel then has the same pixels as step 0
  // reached later, and a resized window redraws the tree at its new width.
  if (typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(() => {
      if (!pending) pending = requestAnimationFrame(paint);
    }).observe(canvas);
  }

  return {
    element,
    draw() {
      // The figures tests and screen readers read are set at once; the picture waits for a frame.
      const t = tree();
      canvas.dataset.nodes = String(Math.max(0, (t?.visible() ?? 1) - 1));
      canvas.dataset.path = t ? t.path.join(',') : '0';
      delete canvas.dataset.painted;
      if (!pending) pending = requestAnimationFrame(paint);
    },
  };
}
