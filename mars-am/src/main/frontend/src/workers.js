import uPlot from 'uplot';
import { getJson, h, bytes, fill } from './api.js';

// What the page has seen of each worker while open; bounded so a page left open does not grow without end.
const MAX_SAMPLES = 300;
const samples = new Map();

function record(cluster) {
  const t = Date.now() / 1000;
  for (const w of cluster.workers) {
    if (!samples.has(w.id)) samples.set(w.id, [[], [], []]);
    const s = samples.get(w.id);
    s[0].push(t);
    s[1].push(w.storage.memoryBytes ?? null);
    s[2].push(w.process.rssBytes ?? null);
    if (s[0].length > MAX_SAMPLES) s.forEach((series) => series.shift());
  }
}

function chart(workerId) {
  const div = h('div', { class: 'chart', 'data-worker': workerId });
  const opts = {
    title: workerId, width: 360, height: 160,
    series: [{}, { label: 'stored', stroke: '#1a5fb4' }, { label: 'RSS', stroke: '#c64600' }],
    axes: [{}, { values: (u, ticks) => ticks.map(bytes), size: 70 }],
  };
  // eslint-disable-next-line no-new
  new uPlot(opts, samples.get(workerId), div);
  return div;
}

export async function workersView(root) {
  const cluster = await getJson('api/cluster');
  record(cluster);
  const rows = cluster.workers.map((w) => h('tr', { 'data-worker': w.id },
    h('td', {}, w.id), h('td', { class: 'num' }, w.slots),
    h('td', { class: 'num' }, bytes(w.storage.memoryBytes)), h('td', { class: 'num' }, bytes(w.storage.diskBytes)),
    h('td', { class: 'num' }, w.storage.spilledChunks ?? '–'), h('td', { class: 'num' }, w.storage.readBacks ?? '–'),
    h('td', { class: 'num' }, bytes(w.process.rssBytes)),
    h('td', { class: 'num' }, w.admission ? w.admission.peakRunning : '–')));
  fill(root,
    h('h2', {}, `Workers (${cluster.workerCount}, ${cluster.slots} slots)`),
    h('table', { id: 'workers' },
      h('tr', {}, ['Worker', 'Slots', 'Stored', 'Spilled', 'Spilled chunks', 'Read-backs', 'RSS', 'Peak running']
        .map((c) => h('th', {}, c))), rows),
    h('h3', {}, 'Lost workers'),
    cluster.lostWorkers.length === 0 ? h('p', {}, 'None.')
      : h('ul', { id: 'lost-workers' }, cluster.lostWorkers.map((w) => h('li', { class: 'lost' }, w))),
    h('h3', {}, 'Since this page opened'),
    h('div', { class: 'charts' }, cluster.workers.map((w) => chart(w.id))));
}
