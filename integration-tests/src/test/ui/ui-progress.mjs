// Watches the task list of the Mars web UI at a base URL in headless chromium while a task runs, and prints what its
// first row showed as one JSON line on stdout, for the Java tests (io.mars.it.ui.BrowserCheck.watchProgress): a read
// once the row is RUNNING, then one each time its done count changes, until it has `reads` reads or the task ends.
// It prints `ready` first, once the page is open, so a caller can start the task only then.
// The page redraws every 250 ms (?poll=250) rather than every 2 s, so a short task still shows several counts.
//
//   node ui-progress.mjs <base url ending in /> <screenshot dir> <name prefix> <reads> <timeout ms>
import { argumentsOf, launch, newPage } from './browser.mjs';

const [base, shots, prefix, readsArg, timeoutArg] = argumentsOf('ui-progress.mjs',
  ['base url ending in /', 'screenshot dir', 'name prefix', 'reads', 'timeout ms']);
const wanted = Number(readsArg);
const deadline = Date.now() + Number(timeoutArg);
const browser = await launch(shots);
const result = { base, pageErrors: [], reads: [] };
try {
  const page = await newPage(browser, result);
  const firstRow = () => page.evaluate(() => {
    const row = document.querySelector('body[data-rendered="tasks"] table#tasks tr[data-task-id]');
    if (!row) return null;
    return {
      id: row.dataset.taskId, state: row.children[1].textContent, atMs: Date.now(),
      counts: Object.fromEntries([...row.querySelectorAll('td[data-count]')].map((c) => [c.dataset.count,
        Number(c.textContent)])),
    };
  });
  // the AM may not answer yet when the application has just started
  while (Date.now() < deadline) {
    try {
      await page.goto(`${base}?poll=250#tasks`, { waitUntil: 'load' });
      break;
    } catch (e) {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  // the Java side may start the task now: the page is open and polling
  console.log('ready');
  while (Date.now() < deadline && result.reads.length < wanted) {
    const row = await firstRow();
    const last = result.reads[result.reads.length - 1];
    if (row && (last ? row.counts.succeeded !== last.counts.succeeded || row.state !== last.state
      : row.state === 'RUNNING')) {
      result.reads.push(row);
      if (result.reads.length === 1) await page.screenshot({ path: `${shots}/${prefix}-running.png`, fullPage: true });
      if (row.state !== 'RUNNING') break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
