#!/usr/bin/env node
// Checks that every puzzle in a file has exactly one solution, with the Solvescope package.
//
//   node check-unique.mjs skyscrapers puzzles.txt     (or hashi; '-' reads standard input)
//
// One puzzle per line: a Tatham game ID, a puzz.link URL, or a tab-separated line whose first field
// containing ':' is the ID (the fixture files of Solvescope's tests). Blank lines and lines starting
// with '#' are skipped. Prints one JSON line per puzzle; exits 0 when all are unique, 1 when any is
// not (or could not be decided within the budget, or does not parse), 2 on a usage error.
import { readFileSync } from 'node:fs';
import { solve } from 'solvescope';

const [kind, file] = process.argv.slice(2);
if (!kind || !file) {
  console.error('usage: node check-unique.mjs skyscrapers|hashi FILE');
  process.exit(2);
}
let text;
try {
  text = readFileSync(file === '-' ? 0 : file, 'utf8');
} catch (e) {
  console.error(`check-unique: cannot read ${file}: ${e.message}`);
  process.exit(2);
}

let failed = 0;
text.split('\n').forEach((line, i) => {
  if (!line.trim() || line.startsWith('#')) return;
  const id = line.split('\t').find((field) => field.includes(':')) ?? line.trim();
  let result;
  try {
    // A budget per puzzle, so one hard or hostile line cannot stall the whole file.
    const report = solve(kind, id, { maxMs: 10_000 });
    result = { line: i + 1, id, verdict: report.verdict, nodes: report.stats.nodes };
  } catch (e) {
    result = { line: i + 1, id, error: e.message };
  }
  if (result.verdict !== 'unique') failed++;
  console.log(JSON.stringify(result));
});
process.exit(failed ? 1 : 0);
