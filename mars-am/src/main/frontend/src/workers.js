import uPlot from 'uplot';
import { getJson, h, bytes, fill } from './api.js';

// What the page has seen of each worker while open, for a server that keeps no samples (the history server);
// bounded so a page left open does not grow without end.
const MAX_SAMPLES = 300;
const seen = new Map();

function record(cluster) {
  const t = Date.now();
  for (const w of cluster.workers) {
    if (!seen.has(w.id)) {
      seen.set(w.id, { id: w.id, lost: false, samples: { timeMs: [], memoryBytes: [], quotaBytes: [],
        spilledBytes: [], rssBytes: [] } });
    }
    const s = seen.get(w.id).samples;
    s.timeMs.push(t);
    s.memoryBytes.push(w.storage.memoryBytes ?? null);
    s.quotaBytes.push(null);
    s.spilledBytes.push((w.storage.diskBytes ?? 0) + (w.storage.hdfsBytes ?? 0));
    s.rssBytes.push(w.process.rssBytes ?? null);
    if (s.timeMs.length > MAX_SAMPLES) Object.values(s).forEach((column) => column.shift());
  }
}

// The server's samples (api/workers/series: the last ten minutes or so at the heartbeat interval, from before the
// page opened), or what this page has seen.
async function series(cluster) {
  if (cluster.workerSeries) return (await getJson('api/workers/series')).workers;
  record(cluster);
  return [...seen.values()];
}

/** Per second, from the last two samples of a cumulative count. */
function rate(column, times) {
  const n = times.length;
  if (n < 2 || column[n - 1] === null || column[n - 2] === null) return null;
  return ((column[n - 1] - column[n - 2]) * 1000) / Math.max(1, times[n - 1] - times[n - 2]);
}

function chart(worker) {
  const s = worker.samples;
  const div = h('div', { class: 'chart', 'data-worker': worker.id, 'data-samples': s.timeMs.length });
  const opts = {
    title: worker.lost ? `${worker.id} (lost)` : worker.id, width: 360, height: 160,
    series: [{}, { label: 'in memory', stroke: '#1a5fb4' }, { label: 'quota', stroke: '#777', dash: [4, 4] },
      { label: 'spilled', stroke: '#8f3f97' }, { label: 'RSS', stroke: '#c64600' }],
    axes: [{}, { values: (u, ticks) => ticks.map(bytes), size: 70 }],
  };
  // eslint-disable-next-line no-new
  new uPlot(opts, [s.timeMs.map((t) => t / 1000), s.memoryBytes, s.quotaBytes, s.spilledBytes, s.rssBytes], div);
  const spills = s.spills ? rate(s.spills, s.timeMs) : null;
  const readBacks = s.readBacks ? rate(s.readBacks, s.timeMs) : null;
  const busy = s.busySlots ? s.busySlots[s.busySlots.length - 1] : null;
  div.append(h('p', { class: 'chart-note' }, `spills/s ${spills === null ? '–' : spills.toFixed(1)}`,
    ` · read-backs/s ${readBacks === null ? '–' : readBacks.toFixed(1)}`,
    ` · busy slots ${busy ?? '–'}`));
  return div;
}

// A container's log page on its NodeManager (YARN): outside the proxy, so it opens in a new tab.
function logLink(url) {
  return url ? h('a', { class: 'logs', href: url, target: '_blank' }, 'logs') : '–';
}

export async function workersView(root) {
  const cluster = await getJson('api/cluster');
  const samples = await series(cluster);
  const rows = cluster.workers.map((w) => h('tr', { 'data-worker': w.id },
    h('td', {}, w.id), h('td', { class: 'num' }, w.slots),
    h('td', { class: 'num' }, bytes(w.storage.memoryBytes)), h('td', { class: 'num' }, bytes(w.storage.diskBytes)),
    h('td', { class: 'num' }, w.storage.spilledChunks ?? '–'), h('td', { class: 'num' }, w.storage.readBacks ?? '–'),
    h('td', { class: 'num' }, bytes(w.process.rssBytes)),
    h('td', { class: 'num' }, w.admission ? w.admission.peakRunning : '–'),
    ...(cluster.logs ? [h('td', {}, logLink(cluster.logs.workers[w.id]))] : [])));
  fill(root,
    h('h2', {}, `Workers (${cluster.workerCount}, ${cluster.slots} slots)`),
    h('table', { id: 'workers' },
      h('tr', {}, ['Worker', 'Slots', 'Stored', 'Spilled', 'Spilled chunks', 'Read-backs', 'RSS', 'Peak running',
        ...(cluster.logs ? ['Logs'] : [])].map((c) => h('th', {}, c))), rows),
    cluster.logs && cluster.logs.am ? h('p', {}, h('a', { id: 'am-logs', href: cluster.logs.am, target: '_blank' },
      'The application master\'s logs')) : null,
    h('h3', {}, 'Lost workers'),
    cluster.lostWorkers.length === 0 ? h('p', {}, 'None.')
      : h('ul', { id: 'lost-workers' }, cluster.lostWorkers.map((w) => h('li', {}, h('span', { class: 'lost' }, w),
        cluster.logs ? [' ', logLink(cluster.logs.workers[w.slice(0, w.indexOf(': '))])] : null))),
    h('h3', {}, 'Memory, spills and RSS over time'),
    h('div', { class: 'charts', id: 'worker-charts' }, samples.filter((w) => w.samples.timeMs.length > 0).map(chart)));
}
