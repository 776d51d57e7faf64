// How far a count is, by the plan's task weights (src/puzzles/queens/count.rs: the boards each
// task reaches a few rows down), not by tasks done: a plan's tasks differ a hundredfold in size.
// DOM-free, so the unit tests load it.

/**
 * Sums of task weights for the progress bar: `within(start, k, f)` is the weight of tasks
 * `start .. start+k` plus the share `f` of the next one; `total` is the weight of all. Weights
 * missing or not positive whole numbers (an older module) count every task as 1.
 */
export function progressWeights(weights: readonly number[] | undefined, tasks: number): { total: number; within(start: number, k: number, f: number): number } {
  const usable = weights?.length === tasks && weights.every((w) => Number.isSafeInteger(w) && w > 0);
  const prefix = [0];
  for (let i = 0; i < tasks; i++) prefix.push(prefix[i]! + (usable ? weights[i]! : 1));
  const at = (i: number): number => prefix[Math.max(0, Math.min(tasks, i))]!;
  return {
    total: at(tasks) || 1,
    within: (start, k, f) => at(start + k) - at(start) + f * (at(start + k + 1) - at(start + k)),
  };
}

/**
 * Where the batch that starts at task `start` ends (exclusive), in guided self-scheduling: a
 * batch takes about 1/(2 · workers) of the weight not yet handed out, so batches shrink as the
 * run goes on and the workers finish within a small task of each other; but never less than
 * 1/(64 · workers) of the whole, nor less than one task, so a small N takes a few dozen message
 * round trips, not thousands. Equal batches (1/16 of the run each on two workers) left one
 * worker idle for up to a batch at the end: about 1 s of a 32 s count at N = 18.
 */
export function batchEnd(weight: { total: number; within(start: number, k: number, f: number): number }, start: number, tasks: number, workers: number): number {
  const left = weight.total - weight.within(0, start, 0);
  const want = Math.max(left / (2 * workers), weight.total / (64 * workers));
  let end = start + 1;
  while (end < tasks && weight.within(start, end - start, 0) < want) end++;
  return Math.min(end, tasks);
}

/**
 * An order to hand out `count` tasks in: task `(j · s) mod count` goes j-th, with the stride `s`
 * near `count` / φ and prime to `count`, so that every stretch of the run holds tasks from all
 * over the plan. The plan lists its tasks family by family, and the families differ in nodes
 * per weight; handed out in that order, the share of the weight done ran up to 10 points behind
 * the share of the nodes done at N = 14-17, and in this order stays within about one point
 * (BENCHMARKS.md).
 */
export function mixedOrder(count: number): number[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let s = Math.max(1, Math.round(count / 1.618033988749895));
  while (count > 1 && gcd(s, count) !== 1) s++;
  return Array.from({ length: count }, (_, j) => (j * s) % count);
}
