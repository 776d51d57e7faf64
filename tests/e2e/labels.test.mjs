// The watch modes' technique switches are the registry's (issue 28, point 2): the names, labels,
// tooltips and defaults on the page equal what the native CLI's `list` prints of the registry.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startApp, openPage } from './harness.mjs';
import { ensureCli } from './trace-oracle.mjs';

const CLI = new URL('../../target/release/solvescope', import.meta.url).pathname;

let app;
before(async () => {
  ensureCli();
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const registry = () => execFileSync(CLI, ['list'], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));

for (const [puzzle, view, prefix] of [
  ['skyscrapers', '#skyscrapers?mode=watch', 'sky-t-'],
  ['hashi', '#hashi?mode=watch', 'hashi-tech-'],
]) {
  test(`${puzzle}: the technique switches are the registry's, labels and defaults included`, async () => {
    const option = registry()
      .find((p) => p.name === puzzle)
      .algorithms.find((a) => a.name === 'solve')
      .options.find((o) => o.kind.type === 'techniques');
    const { page, problems } = await openPage(app, view);
    await page.waitForSelector(`[id^="${prefix}"]`, { state: 'attached' });
    const shown = await page.evaluate((p) => [...document.querySelectorAll(`input[id^="${p}"]`)].map((box) => {
      const label = box.closest('label');
      return { name: box.id.slice(p.length), label: label.textContent.trim(), title: label.title, on: box.checked };
    }), prefix);
    assert.deepEqual(
      shown,
      option.kind.labels.map((l) => ({ name: l.name, label: l.label, title: l.title, on: option.kind.on.includes(l.name) })),
    );
    assert.deepEqual(problems, []);
  });
}
