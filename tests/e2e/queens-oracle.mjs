// N-Queens' rules written again for the end-to-end tests, sharing nothing with the solver: the
// attacking pairs of a placement, and the board a repair trace stands at from its events alone.

/** Attacking pairs of one queen per row at `cols` (same column or diagonal). */
export function attackingPairs(cols) {
  let pairs = 0;
  for (let a = 0; a < cols.length; a++) {
    for (let b = a + 1; b < cols.length; b++) {
      if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) pairs++;
    }
  }
  return pairs;
}

/** The board a repair trace stands at after its events (null before its first board). */
export function replayRepair(events) {
  let cols = null;
  for (const { event: e } of events) {
    if (e.kind === 'repairInit' || e.kind === 'repairRestart') cols = [...(e.columns ?? cols)];
    else if (e.kind === 'repairMove') cols[e.row] = e.to;
    else if (e.kind === 'repairSwap') [cols[e.a], cols[e.b]] = [cols[e.b], cols[e.a]];
  }
  return cols;
}
