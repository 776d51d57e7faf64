import { startApp } from '/work/main/tests/e2e/harness.mjs';
const app = await startApp();
const errs = [];
const log = (...a) => console.log(...a);
const sleep = ms => new Promise(r => setTimeout(r, ms));
async function ctx(opts) {
  const c = await app.browser.newContext({ colorScheme: 'dark', ...opts });
  const p = await c.newPage();
  p.on('pageerror', e => errs.push(`pageerror ${p.url().slice(0,80)}: ${e.message}`));
  p.on('console', m => { if (m.type()==='error') errs.push(`console ${p.url().slice(0,80)}: ${m.text().slice(0,200)}`); });
  p.on('dialog', d => { errs.push('DIALOG ' + d.message()); d.dismiss(); });
  return [c, p];
}
async function offscreen(p) {
  return p.evaluate(() => {
    const W = innerWidth; const out = [];
    for (const el of document.querySelectorAll('button, a, input, select, textarea, [role=button], h1, h2, td, th, label, output')) {
      const r = el.getBoundingClientRect(); if (r.width===0||r.height===0) continue;
      const cs = getComputedStyle(el); if (cs.visibility==='hidden') continue;
      if (r.right > W + 1 || r.left < -1) out.push(`${el.tagName}.${el.className} "${(el.textContent||el.value||'').trim().slice(0,30)}" x=${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    const docW = document.documentElement.scrollWidth;
    return { docW, W, out: out.slice(0,10) };
  });
}
const text = p => p.evaluate(() => document.body.innerText);
const mode = process.argv[2];
try {
  if (mode === 'teacher') {
    const [c, p] = await ctx({ viewport: { width: 1024, height: 768 } });
    await p.goto(app.url + '#queens/4?opts=find:count&present=1'); await sleep(1500);
    await p.screenshot({ path: '/tmp/ux/t1.png' });
    log('offscreen', JSON.stringify(await offscreen(p)));
    log((await text(p)).slice(0, 1500));
    const n = p.locator('#queens-n');
    for (const N of [4,5,6,7,8,9,10,11,12,13,14]) {
      await n.focus(); await p.keyboard.press('Control+a'); await p.keyboard.type(String(N)); await p.keyboard.press('Enter');
      await sleep(300);
      await p.getByRole('button', {name:'Count', exact:true}).focus(); await p.keyboard.press('Enter');
      const t0=Date.now();
      await p.waitForFunction(()=>!document.body.innerText.includes('Counting'), null, {timeout: 30000}).catch(()=>log('wait timeout', N));
      await sleep(400);
      log('N', N, 'ms', Date.now()-t0);
    }
    await p.screenshot({ path: '/tmp/ux/t2.png' });
    log('offscreen', JSON.stringify(await offscreen(p)));
    log((await text(p)).slice(0, 2500));
    // arrow keys on N
    await n.focus(); await p.keyboard.press('ArrowUp'); await p.keyboard.press('ArrowUp'); await sleep(300);
    log('N after ArrowUp x2', await n.inputValue(), p.url());
    await p.locator('#queens-n').locator('xpath=ancestor::section[1]').getByLabel('Goal').focus(); await p.keyboard.press('ArrowUp'); await p.keyboard.press('ArrowUp'); await sleep(500);
    log('goal', await p.locator('#queens-n').locator('xpath=ancestor::section[1]').getByLabel('Goal').inputValue(), p.url());
    await p.screenshot({ path: '/tmp/ux/t3.png' });
    log((await text(p)).slice(0, 800));
    await p.goto(app.url + '#race?present=1'); await sleep(1000);
    await p.screenshot({ path: '/tmp/ux/t4.png' });
    log('RACE', (await text(p)).slice(0, 1200));
    log('offscreen', JSON.stringify(await offscreen(p)));
    const play = p.getByRole('button', {name: /race|play|start/i}).first();
    log('race button', await play.textContent().catch(()=>'none'));
    await play.focus(); await p.keyboard.press('Enter'); await sleep(4000);
    await p.screenshot({ path: '/tmp/ux/t5.png' });
    log('offscreen', JSON.stringify(await offscreen(p)));
    log('RACE after', (await text(p)).slice(0, 1200));
  }
} catch (e) { log('SCRIPT ERROR', e.stack); }
log('ERRS', JSON.stringify(errs, null, 1));
await app.close();
