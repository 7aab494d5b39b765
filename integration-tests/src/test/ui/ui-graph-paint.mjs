// Opens one task's view of the Mars web UI in a fresh headless chromium page and prints, as one JSON line on stdout,
// when the browser first painted its graph (ms from navigation start, as the page itself measures it), how many
// tileables it drew with their subtask totals, and how large the graph's JSON was. For io.mars.it.ui.BrowserCheck.
//
//   node ui-graph-paint.mjs <base url ending in /> <screenshot dir> <name prefix> <task id>
import { argumentsOf, launch, newPage } from './browser.mjs';

const [base, shots, prefix, taskId] = argumentsOf('ui-graph-paint.mjs', ['base url ending in /', 'screenshot dir', 'name prefix', 'task id']);
const browser = await launch(shots);
const result = { base, pageErrors: [] };
try {
  const page = await newPage(browser, result);
  const graphUrl = `api/tasks/${encodeURIComponent(taskId)}/graph`;
  page.on('response', async (r) => {
    if (r.url().endsWith(graphUrl) && result.graphJsonBytes === undefined) {
      result.graphJsonBytes = (await r.body()).length;
    }
  });
  await page.goto(`${base}#task/${encodeURIComponent(taskId)}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-graph-paint-ms]', { timeout: 30000 });
  result.graphPaintMs = Number(await page.$eval('body', (b) => b.dataset.graphPaintMs));
  result.nodes = await page.$$eval('svg#task-graph g.node', (nodes) => nodes.map((n) => ({
    key: n.dataset.key, operand: n.dataset.operand, total: Number(n.dataset.total),
  })));
  await page.screenshot({ path: `${shots}/${prefix}-graph.png`, fullPage: true });
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
