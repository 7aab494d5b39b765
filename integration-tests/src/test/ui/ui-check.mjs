// Opens the Mars web UI at a base URL (the AM through the YARN proxy, the local cluster, or an application of
// mars-history) in headless chromium and prints what each view shows as one JSON line on stdout, for the Java tests
// (io.mars.it.ui.BrowserCheck) to compare with the REST API. Screenshots go to the directory given.
//
//   node ui-check.mjs <base url ending in /> <screenshot dir> <name prefix>
import { argumentsOf, launch, newPage } from './browser.mjs';

const [base, shots, prefix] = argumentsOf('ui-check.mjs', ['base url ending in /', 'screenshot dir', 'name prefix']);
const browser = await launch(shots);
const result = { base, pageErrors: [] };
try {
  const page = await newPage(browser, result);
  page.on('console', (m) => {
    if (m.type() === 'error') result.pageErrors.push(`${m.text()} ${m.location().url || ''}`);
  });

  const show = async (view, selector) => {
    await page.evaluate((v) => { location.hash = v; }, view);
    await page.waitForSelector(`body[data-rendered="${view.split('/')[0]}"] ${selector}`, { timeout: 15000 });
  };

  const started = Date.now();
  await page.goto(base, { waitUntil: 'load' });
  await page.waitForSelector('body[data-rendered="tasks"] table#tasks', { timeout: 15000 });
  result.renderMs = Date.now() - started;
  result.tasks = await page.$$eval('table#tasks tr[data-task-id]', (rows) => rows.map((r) => ({
    id: r.dataset.taskId,
    state: r.children[1].textContent,
    counts: Object.fromEntries([...r.querySelectorAll('td[data-count]')].map((c) => [c.dataset.count,
      Number(c.textContent)])),
  })));
  await page.screenshot({ path: `${shots}/${prefix}-tasks.png`, fullPage: true });

  // every task's view, oldest first: its state and its graph's nodes with their counts
  result.graphs = {};
  const ids = result.tasks.map((t) => t.id).reverse();
  for (let i = 0; i < ids.length; i++) {
    await page.evaluate(() => { document.body.dataset.rendered = ''; });
    const started = Date.now();
    await show(`task/${encodeURIComponent(ids[i])}`, 'table#subtasks');
    await page.waitForSelector('svg#task-graph, #no-graph', { timeout: 15000 });
    result.taskRenderMs = Math.max(result.taskRenderMs || 0, Date.now() - started);
    result.task = await page.$eval('table#task', (t) => ({ state: t.dataset.state }));
    result.graphs[ids[i]] = await page.$$eval('svg#task-graph g.node', (nodes) => nodes.map((n) => ({
      key: n.dataset.key, operand: n.dataset.operand,
      counts: Object.fromEntries(['total', 'pending', 'running', 'succeeded', 'failed', 'reruns']
        .map((c) => [c, Number(n.dataset[c])])),
    })));
    await page.screenshot({ path: `${shots}/${prefix}-task-${i}.png`, fullPage: true });
    if (i === 0) {
      // drill-down: a click on the tileable with the most subtasks lists them (one page), with their workers
      const key = result.graphs[ids[i]].reduce((a, b) => (b.counts.total > a.counts.total ? b : a)).key;
      await page.evaluate((k) => [...document.querySelectorAll('svg#task-graph g.node')].find((n) => n.dataset.key === k)
        .dispatchEvent(new MouseEvent('click', { bubbles: true })), key);
      await page.waitForFunction((k) => [...document.querySelectorAll('#node-details')]
        .some((d) => d.dataset.key === k && d.querySelector('table#node-subtasks')), key, { timeout: 15000 });
      result.drillDown = {
        task: ids[i], key,
        total: Number(await page.$eval('table#node-subtasks', (t) => t.dataset.total)),
        rows: await page.$$eval('table#node-subtasks tr[data-subtask]', (rows) => rows.map((r) => ({
          stage: Number(r.dataset.stage), subtask: Number(r.dataset.subtask), worker: r.dataset.worker,
          state: r.dataset.state }))),
      };
      // the first screenful: the graph and the start of the list (docs/images/ui-task.png is one of these)
      await page.screenshot({ path: `${shots}/${prefix}-drill-down.png` });
    }
  }

  await show('timeline', 'canvas#timeline');
  result.timelineWorkers = await page.$eval('canvas#timeline', (c) => c.dataset.workers.split(' ').filter((w) => w));
  result.lostOnTimeline = await page.$$eval('#timeline-workers li .lost', (l) => l.map((e) => e.textContent));
  await page.screenshot({ path: `${shots}/${prefix}-timeline.png`, fullPage: true });

  await show('errors', 'h2');
  result.errors = await page.$$eval('section.task-error', (s) => s.map((e) => ({
    id: e.dataset.taskId, code: e.querySelector('h3 span').textContent, message: e.querySelector('pre').textContent,
  })));

  await show('workers', 'table#workers');
  result.workers = await page.$$eval('table#workers tr[data-worker]', (r) => r.map((e) => e.dataset.worker));
  result.lostWorkers = await page.$$eval('#lost-workers li .lost', (l) => l.map((e) => e.textContent));
  result.logLinks = await page.$$eval('table#workers tr[data-worker]', (r) => Object.fromEntries(r.map((e) => [
    e.dataset.worker, e.querySelector('a.logs')?.href ?? null])));
  result.amLogs = await page.$$eval('a#am-logs', (a) => (a.length ? a[0].href : null));
  result.charts = await page.$$eval('.chart canvas', (c) => c.length);
  result.chartSamples = await page.$$eval('.chart', (c) => Object.fromEntries(c.map((e) => [e.dataset.worker,
    Number(e.dataset.samples)])));
  await page.screenshot({ path: `${shots}/${prefix}-workers.png`, fullPage: true });

  await page.evaluate(() => { location.hash = 'config'; });
  await page.waitForSelector('body[data-rendered="config"] table#settings, #load-error', { timeout: 15000 });
  result.configShown = (await page.$('table#settings')) !== null;
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
