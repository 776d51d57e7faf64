// The native oracle of the page's runs: the same run the page's session was created with (the
// status line's data-run: puzzle, ID, algorithm, options) stepped by the CLI's `trace`, which
// prints every event with the counters after it (docs/CLI.md §6.6a).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('../../', import.meta.url).pathname;
const CLI = `${root}target/release/solvescope`;

/** Builds the CLI if a run of the e2e tests alone finds it missing. */
export function ensureCli() {
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--release', '--locked', '--bin', 'solvescope'], { cwd: root, stdio: 'inherit' });
}

/** The first `steps` events of `run` with the counters after each, and where the run stood then
 *  (`end`: status, verdict, the machine's counters; `ended`: it did not stop at the cap). */
export function nativeTrace(run, steps) {
  const out = execFileSync(CLI, [run.puzzle, 'trace', run.id, '--algorithm', run.algorithm, '--options', JSON.stringify(run.options), '--steps', String(steps)], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l));
  const end = lines.pop();
  return { events: lines, end, ended: end.status !== 'paused' };
}
