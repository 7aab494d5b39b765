import { getJson, h, millis, fill } from './api.js';
import { graphSection } from './graph.js';

// The node picked in the task graph, kept across the view's refreshes.
const selected = { key: null, offset: 0 };

const COUNTS = ['pending', 'running', 'succeeded', 'failed', 'reruns'];

function progressBar(progress) {
  const bar = h('span', { class: 'bar' }, h('span'));
  bar.firstChild.style.width = `${Math.round(progress * 100)}%`;
  return bar;
}

function countCells(subtasks) {
  return COUNTS.map((c) => h('td', { class: 'num', 'data-count': c }, subtasks[c]));
}

export async function tasksView(root) {
  const { tasks } = await getJson('api/tasks');
  const rows = tasks.slice().reverse().map((t) => h('tr', { 'data-task-id': t.id },
    h('td', {}, h('a', { href: `#task/${encodeURIComponent(t.id)}` }, t.id)),
    h('td', { class: `state-${t.state}` }, t.state),
    h('td', {}, progressBar(t.progress)),
    h('td', { class: 'num', 'data-count': 'total' }, t.subtasks.total),
    ...countCells(t.subtasks),
    h('td', { class: 'num' }, millis(t.elapsedMs))));
  fill(root, h('h2', {}, `Tasks (${tasks.length})`),
    h('table', { id: 'tasks' },
      h('tr', {}, ['Task', 'State', 'Progress', 'Subtasks', ...COUNTS, 'Elapsed'].map((c) => h('th', {}, c))),
      rows));
}

export async function taskView(root, taskId) {
  const [t, graph] = await Promise.all([getJson(`api/tasks/${encodeURIComponent(taskId)}`),
    graphSection(taskId, selected).catch((e) => h('p', { id: 'no-graph' }, `No graph: ${e.message}`))]);
  const error = t.error ? h('section', { id: 'error' },
    h('h3', {}, 'Error'),
    h('p', {}, h('b', { 'data-error-code': t.error.code }, t.error.code)),
    h('pre', { class: 'stack' }, t.error.message)) : null;
  fill(root,
    h('h2', {}, 'Task ', t.id),
    h('table', { id: 'task', 'data-state': t.state },
      h('tr', {}, h('th', {}, 'State'), h('td', { class: `state-${t.state}` }, t.state)),
      h('tr', {}, h('th', {}, 'Session'), h('td', {}, t.sessionId)),
      h('tr', {}, h('th', {}, 'Progress'), h('td', {}, progressBar(t.progress), ` ${Math.round(t.progress * 100)}%`)),
      h('tr', {}, h('th', {}, 'Stages'), h('td', {}, t.stages)),
      h('tr', {}, h('th', {}, 'Chunks'), h('td', {}, t.chunks)),
      h('tr', {}, h('th', {}, 'Submitted'), h('td', {}, t.submittedAt)),
      h('tr', {}, h('th', {}, 'Tiling'), h('td', {}, millis(t.tilingMs))),
      h('tr', {}, h('th', {}, 'Elapsed'), h('td', {}, millis(t.elapsedMs)))),
    h('h3', {}, 'Subtasks'),
    h('table', { id: 'subtasks' },
      h('tr', {}, ['total', ...COUNTS].map((c) => h('th', {}, c))),
      h('tr', {}, h('td', { class: 'num', 'data-count': 'total' }, t.subtasks.total), countCells(t.subtasks))),
    error,
    graph);
}

export async function errorsView(root) {
  const { tasks } = await getJson('api/tasks');
  const failed = tasks.filter((t) => t.error);
  fill(root, h('h2', {}, `Errors (${failed.length})`),
    failed.length === 0 ? h('p', {}, 'No task failed.') : null,
    failed.map((t) => h('section', { class: 'task-error', 'data-task-id': t.id },
      h('h3', {}, h('a', { href: `#task/${encodeURIComponent(t.id)}` }, t.id), ' ', h('span', {}, t.error.code)),
      h('pre', { class: 'stack' }, t.error.message))));
}
