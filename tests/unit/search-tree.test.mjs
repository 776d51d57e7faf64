// The search tree's bound (issue 36 point 3): a run at full speed for hours must not keep every
// node. The tree keeps the nodes of the last `window` steps and the current path, at most
// maxTreeNodes(window), and its figures still count every choice and dead end. The oracle is a
// depth-first walk kept here by hand: its own stack, choice count and dead ends.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SearchTree, maxTreeNodes } from '../../build/unit/views/common/search-tree.js';
import { HISTORY } from '../../build/unit/player.js';

/** The events of a depth-first walk of a full binary tree of `depth`, walked `times` times. */
function* walk(depth, times) {
  for (let t = 0; t < times; t++) {
    const go = function* (d, label) {
      yield { push: { depth: d, label } };
      if (d < depth) {
        yield* go(d + 1, `${label}L`);
        yield* go(d + 1, `${label}R`);
      } else {
        yield { why: 'a leaf' };
      }
    };
    yield* go(1, 'L');
    yield* go(1, 'R');
  }
}

/** The same walk as the tree should see it, written again: stack of labels, choices, dead ends. */
class Oracle {
  stack = [];
  choices = 0;
  deadEnds = 0;
  apply(op) {
    // A choice is a dead end from the event that says why it failed (a leaf, or one whose
    // children all failed), or, childless, from the moment the walk leaves it.
    const top = this.stack[this.stack.length - 1];
    if (op.why && top && !top.dead) {
      top.dead = true;
      this.deadEnds++;
    }
    if (!op.push) return;
    while (this.stack.length >= op.push.depth) {
      const left = this.stack.pop();
      if (left.children === 0 && !left.dead) this.deadEnds++;
    }
    if (this.stack.length) this.stack[this.stack.length - 1].children++;
    this.stack.push({ label: op.push.label, children: 0, dead: false });
    this.choices++;
  }
  labels() {
    return this.stack.map((n) => n.label);
  }
}

const pathLabels = (tree) => tree.path.slice(1).map((id) => tree.label[id]);

test('a long run keeps at most maxTreeNodes(window) nodes and still counts every choice', () => {
  const window = 1000;
  const tree = new SearchTree(window);
  const oracle = new Oracle();
  const undos = [];
  const stacks = [];
  let most = 0;
  let events = 0;
  for (const op of walk(10, 30)) {
    undos.push(tree.apply(op));
    oracle.apply(op);
    stacks.push(oracle.labels());
    if (undos.length > window) {
      undos.shift();
      stacks.shift();
    }
    most = Math.max(most, tree.size);
    events++;
  }
  assert.ok(events > 50 * window, `${events} events`);
  assert.ok(most <= maxTreeNodes(window), `${most} nodes held, bound ${maxTreeNodes(window)}`);
  assert.ok(tree.pruned > 0);
  const shown = tree.shown();
  assert.equal(shown.choices, oracle.choices);
  assert.equal(shown.deadEnds, oracle.deadEnds);
  assert.equal(shown.deepest, 10);
  assert.deepEqual(pathLabels(tree), oracle.labels());
  // Every step of the window is still reached by stepping back, with its path.
  for (let k = undos.length - 1; k >= 1; k--) {
    undos[k]();
    assert.deepEqual(pathLabels(tree), stacks[k - 1], `stepping back to ${k - 1} of the window`);
  }
  assert.equal(tree.position, events - undos.length + 1);
});

test('the page default: the window is the player HISTORY, the bound half as much again', () => {
  const tree = new SearchTree();
  assert.equal(tree.window, HISTORY);
  assert.equal(maxTreeNodes(HISTORY), 300_000);
  let most = 0;
  const oracle = new Oracle();
  for (const op of walk(12, 50)) {
    tree.apply(op);
    oracle.apply(op);
    if (tree.size > most) most = tree.size;
  }
  assert.ok(oracle.choices > 1.2 * maxTreeNodes(HISTORY), `${oracle.choices} choices`);
  assert.ok(most <= maxTreeNodes(HISTORY), `${most}`);
  assert.equal(tree.shown().choices, oracle.choices);
  assert.equal(tree.shown().deadEnds, oracle.deadEnds);
});

test('restarts leave their paths to pruning: a run of many restarts stays within the bound', () => {
  // Hashiwokakero restarts by default (Luby): each restart abandons a path without cutting it.
  const window = 1000;
  const tree = new SearchTree(window);
  let choices = 0;
  for (let r = 0; r < 400; r++) {
    for (let d = 1; d <= 20; d++) {
      tree.apply({ push: { depth: d, label: `r${r}d${d}` } });
      choices++;
    }
    tree.apply({ why: 'gave up', restart: true });
    assert.ok(tree.size <= maxTreeNodes(window), `after restart ${r + 1}: ${tree.size} nodes`);
  }
  assert.equal(tree.size + tree.pruned, choices + 1, 'every choice is kept or counted as pruned');
  assert.equal(tree.deadEnds, 0, 'a restart is not a dead end');
});

test("a dead end's line on the tree is the solver's sentence as it is, its label included", () => {
  const tree = new SearchTree(1000);
  const why = 'dead end: island (row 1, column 3) needs 3 but already has 4';
  for (const op of [{ push: { depth: 1, label: 'a' } }, { why }, { push: { depth: 1, label: 'b' } }]) tree.apply(op);
  const line = tree.describe(1);
  assert.ok(line.startsWith('a (depth 1, '), line);
  assert.ok(line.endsWith(`: ${why}.`), line);
  assert.equal(line.match(/dead end/g).length, 1, `one label, Rust's: ${line}`);
});

test('a dead end is counted at the step whose sentence says it, and uncounted by stepping back', () => {
  // The caption must not lag the sentence on screen: "dead end: …" and "1 dead end" together.
  const tree = new SearchTree(1000);
  tree.apply({ push: { depth: 1, label: 'a' } });
  tree.apply({ push: { depth: 2, label: 'b' } });
  assert.equal(tree.shown().deadEnds, 0);
  const undo = tree.apply({ why: 'dead end: b breaks a rule' });
  assert.equal(tree.shown().deadEnds, 1, 'counted with its sentence');
  assert.equal(tree.describe(2).endsWith(': dead end: b breaks a rule.'), true, tree.describe(2));
  undo();
  assert.equal(tree.shown().deadEnds, 0, 'the step before the sentence counts none');
  tree.apply({ why: 'dead end: b breaks a rule' });
  // Leaving it later does not count it twice; its parent, whose every child failed, fails too
  // when the search says so.
  tree.apply({ truncate: 2 });
  assert.equal(tree.shown().deadEnds, 1);
  tree.apply({ why: 'dead end: a has no height left' });
  tree.apply({ push: { depth: 1, label: 'c' } });
  assert.equal(tree.shown().deadEnds, 2);
});

test('a choice with a solution below it is never a dead end, whatever is said after', () => {
  const tree = new SearchTree(1000);
  tree.apply({ push: { depth: 1, label: 'a' } });
  tree.apply({ push: { depth: 2, label: 'b' } });
  tree.apply({ solution: true });
  tree.apply({ truncate: 2 });
  // The search goes on for a second solution and runs out under a.
  tree.apply({ why: 'dead end: no more heights for a' });
  assert.equal(tree.shown().deadEnds, 0);
});
