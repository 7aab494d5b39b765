import dagre from 'dagre';
import { getJson, h, millis } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';
const NODE_WIDTH = 170;
const NODE_HEIGHT = 46;
const COUNTS = ['total', 'pending', 'running', 'succeeded', 'failed', 'reruns'];

function svg(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A tileable's colour: failed, running, all done, or still waiting. */
export function stateOf(s) {
  if (s.failed > 0) return 'failed';
  if (s.running > 0) return 'running';
  if (s.total > 0 && s.succeeded === s.total) return 'succeeded';
  if (s.succeeded > 0) return 'partial';
  return 'pending';
}

const FILL = { failed: '#f3c4c4', running: '#c7dcf7', succeeded: '#cfe8cf', partial: '#e4efcf', pending: '#eeeeee' };

const PAGE = 50;

// One page of the node's subtasks that ran (api/tasks/<id>/subtasks), never all of them: a tileable may have 10^5.
async function subtaskPage(taskId, node, selected) {
  const page = await getJson(`api/tasks/${encodeURIComponent(taskId)}/subtasks?tileable=`
    + `${encodeURIComponent(node.key)}&offset=${selected.offset}&limit=${PAGE}`);
  const move = (offset) => h('button', { type: 'button', class: 'page' }, offset < selected.offset ? '‹ previous'
    : 'next ›');
  const buttons = [];
  if (selected.offset > 0) buttons.push([move(selected.offset - PAGE), Math.max(0, selected.offset - PAGE)]);
  if (selected.offset + PAGE < page.total) buttons.push([move(selected.offset + PAGE), selected.offset + PAGE]);
  const holder = h('div', { id: 'node-subtasks-page' });
  for (const [button, offset] of buttons) {
    button.addEventListener('click', async () => {
      selected.offset = offset;
      holder.replaceWith(await subtaskPage(taskId, node, selected));
    });
  }
  const last = Math.min(page.total, selected.offset + page.subtasks.length);
  holder.append(h('p', {}, page.total === 0 ? 'No subtask of it has run yet.'
    : `Subtasks ${selected.offset + 1}–${last} of ${page.total} that ran `, ...buttons.map(([b]) => b)),
  h('table', { id: 'node-subtasks', 'data-total': page.total },
    h('tr', {}, ['Stage', 'Subtask', 'State', 'Worker', 'Start', 'End', 'Duration', 'Attempts']
      .map((c) => h('th', {}, c))),
    page.subtasks.map((t) => h('tr', { 'data-subtask': t.subtask, 'data-stage': t.stage, 'data-worker': t.worker,
      'data-state': t.state },
    h('td', { class: 'num' }, t.stage), h('td', { class: 'num' }, t.subtask), h('td', { class: `state-${t.state}` },
      t.state), h('td', {}, t.worker), h('td', {}, new Date(t.startMs).toLocaleTimeString()),
    h('td', {}, new Date(t.endMs).toLocaleTimeString()), h('td', { class: 'num' }, millis(t.durationMs)),
    h('td', { class: 'num' }, t.attempts)))));
  return holder;
}

async function details(taskId, node, selected) {
  const subtasks = await subtaskPage(taskId, node, selected)
    .catch((e) => h('p', { id: 'no-subtasks' }, `No subtasks: ${e.message}`));
  return h('div', { id: 'node-details', 'data-key': node.key },
    h('h3', {}, node.operand, ' ', h('small', {}, node.key)),
    h('table', {}, h('tr', {}, COUNTS.map((c) => h('th', {}, c))),
      h('tr', {}, COUNTS.map((c) => h('td', { class: 'num' }, node.subtasks[c])))),
    node.inputs.length ? h('p', {}, 'reads ', node.inputs.join(', ')) : h('p', {}, 'reads no other tileable'),
    subtasks);
}

/** The task's tileable graph, laid out by dagre, each node coloured by its subtasks' states; a click shows its counts. */
export async function graphSection(taskId, selected) {
  const graph = await getJson(`api/tasks/${encodeURIComponent(taskId)}/graph`);
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 40, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  for (const n of graph.nodes) g.setNode(n.key, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const n of graph.nodes) for (const input of n.inputs) if (byKey.has(input)) g.setEdge(input, n.key);
  dagre.layout(g);
  const { width, height } = g.graph();
  const drawing = svg('svg', { id: 'task-graph', width: Math.ceil(width), height: Math.ceil(height),
    'data-nodes': graph.nodes.length });
  for (const e of g.edges()) {
    const points = g.edge(e).points.map((p) => `${p.x},${p.y}`).join(' ');
    drawing.append(svg('polyline', { points, fill: 'none', stroke: '#889', 'stroke-width': 1.2 }));
  }
  const holder = h('div', {});
  const show = async (node) => holder.replaceChildren(await details(taskId, node, selected));
  for (const key of g.nodes()) {
    const n = byKey.get(key);
    const { x, y } = g.node(key);
    const s = n.subtasks;
    const state = stateOf(s);
    const group = svg('g', { class: `node ${state}`, 'data-key': key, 'data-operand': n.operand,
      transform: `translate(${x - NODE_WIDTH / 2},${y - NODE_HEIGHT / 2})`,
      ...Object.fromEntries(COUNTS.map((c) => [`data-${c}`, s[c]])) });
    group.append(svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: 4, fill: FILL[state], stroke: '#667' }));
    group.append(svg('text', { x: 6, y: 16, 'font-size': 12, 'font-weight': 'bold' }, n.operand.slice(-24)));
    // a tileable without subtasks of its own was fused into the subtasks of the tileables reading it
    group.append(svg('text', { x: 6, y: 34, 'font-size': 11 }, s.total === 0 ? 'fused into its readers'
      : `${s.succeeded}/${s.total} done${s.running ? `, ${s.running} running` : ''}`
      + `${s.failed ? `, ${s.failed} failed` : ''}${s.reruns ? `, ${s.reruns} reruns` : ''}`));
    group.style.cursor = 'pointer';
    group.addEventListener('click', () => {
      if (selected.key !== key) selected.offset = 0;
      selected.key = key;
      show(n);
    });
    drawing.append(group);
  }
  if (selected.key && byKey.has(selected.key)) await show(byKey.get(selected.key));
  return h('section', { id: 'graph' }, h('h3', {}, `Graph (${graph.nodes.length} tileables)`),
    h('div', { class: 'graph-scroll' }, drawing), holder);
}
