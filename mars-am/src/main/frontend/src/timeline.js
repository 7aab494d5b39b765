import { getJson, h, millis, fill } from './api.js';

const LANE_HEIGHT = 14;
const LABEL_WIDTH = 140;
const COLOURS = { succeeded: '#3a8a3a', failed: '#c33', retried: '#e69500', cancelled: '#999' };

/**
 * Puts each worker's runs on lanes (its slots as the runs show them): a run takes the first lane free at its start,
 * so overlapping runs of one worker stack and an idle slot shows as a gap.
 */
export function lanes(subtasks) {
  const byWorker = new Map();
  for (const run of subtasks.slice().sort((a, b) => a.startMs - b.startMs)) {
    if (!byWorker.has(run.worker)) byWorker.set(run.worker, []);
    const workerLanes = byWorker.get(run.worker);
    let lane = workerLanes.findIndex((end) => end <= run.startMs);
    if (lane < 0) { lane = workerLanes.length; workerLanes.push(0); }
    workerLanes[lane] = run.endMs;
    run.lane = lane;
  }
  return byWorker;
}

export async function timelineView(root) {
  const timeline = await getJson('api/timeline');
  const runs = timeline.subtasks;
  const byWorker = lanes(runs);
  const workers = [...byWorker.keys()].sort();
  const lost = new Map(timeline.workerEvents.filter((e) => e.type === 'worker-lost').map((e) => [e.id, e.reason]));
  const start = Math.min(...runs.map((r) => r.startMs));
  const end = Math.max(...runs.map((r) => r.endMs));
  const rows = [];
  let y = 0;
  for (const w of workers) {
    rows.push({ worker: w, y, lanes: byWorker.get(w).length });
    y += byWorker.get(w).length * LANE_HEIGHT + 6;
  }
  const width = Math.max(600, document.getElementById('view').clientWidth - 20);
  const canvas = h('canvas', { id: 'timeline', width, height: Math.max(y, 20), 'data-workers': workers.join(' ') });
  const g = canvas.getContext('2d');
  const scale = (width - LABEL_WIDTH - 10) / Math.max(1, end - start);
  g.font = '11px system-ui, sans-serif';
  for (const row of rows) {
    g.fillStyle = lost.has(row.worker) ? '#b22' : '#222';
    g.fillText(row.worker + (lost.has(row.worker) ? ' (lost)' : ''), 2, row.y + 11);
    g.fillStyle = '#f3f3f3';
    g.fillRect(LABEL_WIDTH, row.y, width - LABEL_WIDTH, row.lanes * LANE_HEIGHT);
  }
  const rowOf = new Map(rows.map((r) => [r.worker, r]));
  for (const run of runs) {
    const row = rowOf.get(run.worker);
    g.fillStyle = COLOURS[run.outcome] || '#1a5fb4';
    const x = LABEL_WIDTH + (run.startMs - start) * scale;
    g.fillRect(x, row.y + run.lane * LANE_HEIGHT + 1, Math.max(1, (run.endMs - run.startMs) * scale), LANE_HEIGHT - 2);
  }
  fill(root,
    h('h2', {}, 'Timeline'),
    h('p', {}, `${runs.length} subtask runs on ${workers.length} workers over ${millis(runs.length ? end - start : 0)}`,
      timeline.dropped ? ` (${timeline.dropped} older runs dropped)` : ''),
    h('ul', { class: 'legend', id: 'timeline-workers' }, workers.map((w) => h('li', { 'data-worker': w },
      `${w}: ${byWorker.get(w).length} slots used`, lost.has(w) ? h('span', { class: 'lost' }, ` lost: ${lost.get(w)}`) : null))),
    canvas);
}
