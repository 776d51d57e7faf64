// Keyboard use of the page: "?" opens the list of shortcuts and Escape closes it; Space on a focused
// button does what that button does (once), not the global play/pause; the speed slider keeps its
// arrow keys; the player's shortcuts still work from the page itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, notSentences } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const placed = async (page) =>
  (await page.getAttribute('#queens-board', 'data-queens')).split(',').filter((c) => c !== '' && Number(c) >= 0).length;

test('"?" opens the keyboard help, which lists the player and board keys; Escape closes it', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.waitForSelector('#queens-board');
  await page.keyboard.press('?');
  const dialog = page.locator('dialog.help-dialog');
  await dialog.waitFor({ state: 'visible' });
  const text = await dialog.textContent();
  for (const words of ['Play or pause', 'Step back one event', 'Skyscrapers board', 'Hashiwokakero board']) {
    assert.ok(text.includes(words), `help lists "${words}"`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // The button in the tab bar opens it too, by keyboard.
  await page.focus('.keys-button');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Space on a focused Step button steps once and does not start playing', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.waitForSelector('#queens-board');
  const step = page.locator('#queens .playback').getByRole('button', { name: 'Step', exact: true });
  await step.focus();
  assert.equal(await placed(page), 0);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => /\d/.test(document.querySelector('#queens-board').dataset.queens));
  // Give a wrongly started animation time to show itself.
  await page.waitForTimeout(800);
  assert.equal(await placed(page), 1, 'exactly one event');
  assert.equal(await page.locator('#queens .playback').getByRole('button', { name: 'Play' }).count(), 1, 'still paused');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('the speed slider keeps its arrow keys; the arrows step the run when the slider is not focused', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.waitForSelector('#queens-board');
  const slider = page.locator('#queens .playback input.speed-slider');
  const before = Number(await slider.inputValue());
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(Number(await slider.inputValue()), before + 2, 'the slider moved');
  assert.equal(await placed(page), 0, 'no step was taken');
  // From the page itself (focus on nothing in particular), → is Step.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  // "-1,-1,…" has digits too: wait for a placed queen (a number that is not -1).
  await page.waitForFunction(() => /(^|,)\d/.test(document.querySelector('#queens-board').dataset.queens));
  assert.equal(await placed(page), 1);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

/** True when the element's box lies inside the viewport. */
const onScreen = (page, selector) =>
  page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.width > 0;
  }, selector);

test('phone 390x844: the sentence and the board are on screen together while stepping; the race shows both boards', async () => {
  for (const [tab, board, status] of [
    ['queens', '#queens-board', '#queens-status'],
    ['repair', '#repair-board', '#repair-status'],
  ]) {
    const { page, problems } = await openPage(app, `#${tab}`, { width: 390, height: 844 }, { colorScheme: 'dark', hasTouch: true });
    await page.waitForSelector(board);
    const step = page.locator(`#${tab} .playback`).getByRole('button', { name: 'Step', exact: true });
    await step.evaluate((b) => b.scrollIntoView({ block: 'start' }));
    for (let k = 0; k < 3; k++) await step.tap();
    assert.ok(await onScreen(page, board), `${tab}: board on screen`);
    assert.ok(await onScreen(page, status), `${tab}: sentence on screen`);
    assert.match(await page.textContent(status), /\w+/, `${tab}: a sentence`);
    assert.ok((await page.locator(`#${tab} ul.legend li`).count()) >= 3, `${tab}: a colour legend`);
    assert.deepEqual(problems, []);
  }
  const { page, problems } = await openPage(app, '#race', { width: 390, height: 844 }, { hasTouch: true });
  await page.waitForSelector('#race-search-board');
  await page.locator('#race-search-board').evaluate((b) => b.scrollIntoView({ block: 'start' }));
  assert.ok(await onScreen(page, '#race-search-board'), 'search board on screen');
  assert.ok(await onScreen(page, '#race-repair-board'), 'repair board on screen beside it');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the race scrolls sideways by ${overflow}px`);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});
