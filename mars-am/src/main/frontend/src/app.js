// The Mars web UI: one page, views chosen by the URL's fragment, each redrawn from the REST API every few seconds.
import { getJson, h, fill } from './api.js';
import { tasksView, taskView, errorsView } from './tasks.js';
import { timelineView } from './timeline.js';
import { workersView } from './workers.js';

// How often a view is redrawn: 2 s, or ?poll=<ms> (at least 200) for a closer look, as the browser tests take.
const POLL_MS = Math.max(200, Number(new URLSearchParams(location.search).get('poll')) || 2000);

async function configView(root) {
  const config = await getJson('api/config');
  const settings = Object.entries(config.settings).sort(([a], [b]) => a.localeCompare(b));
  fill(root,
    h('h2', {}, 'Configuration'),
    h('table', { id: 'settings' }, h('tr', {}, h('th', {}, 'Setting'), h('th', {}, 'Value')),
      settings.map(([k, v]) => h('tr', {}, h('td', {}, k), h('td', {}, v)))),
    h('h3', {}, 'JVM'),
    h('table', { id: 'jvm' }, h('tr', {}, h('th', {}, 'Input arguments')),
      config.jvm.inputArguments.map((a) => h('tr', {}, h('td', {}, a)))));
}

function route() {
  const [view, arg] = (location.hash.replace(/^#/, '') || 'tasks').split('/');
  switch (view) {
    case 'task': return (root) => taskView(root, decodeURIComponent(arg));
    case 'timeline': return timelineView;
    case 'workers': return workersView;
    case 'errors': return errorsView;
    case 'config': return configView;
    default: return tasksView;
  }
}

let timer = null;
let generation = 0;

// Each view draws into a detached element that replaces the page only if no newer refresh (another view chosen, or
// the next poll) started meanwhile: an answer arriving late never overwrites a newer view.
async function refresh() {
  clearTimeout(timer);
  const mine = ++generation;
  const view = (location.hash.replace(/^#/, '') || 'tasks').split('/')[0];
  document.querySelectorAll('nav a').forEach((a) => a.classList.toggle('active', a.getAttribute('href') === `#${view}`));
  const main = document.getElementById('view');
  const drawn = h('div', {});
  try {
    await route()(drawn);
  } catch (e) {
    fill(drawn, h('p', { class: 'lost', id: 'load-error' }, String(e.message || e)));
  }
  if (mine !== generation) return;
  main.replaceChildren(drawn);
  document.getElementById('updated').textContent = `updated ${new Date().toLocaleTimeString()}`;
  document.body.dataset.rendered = view;
  // the first paint of a task graph since the page loaded, in ms from navigation start as the browser counts them
  if (!document.body.dataset.graphPaintMs && drawn.querySelector('svg#task-graph')) {
    requestAnimationFrame(() => setTimeout(() => {
      document.body.dataset.graphPaintMs = String(Math.round(performance.now()));
    }, 0));
  }
  timer = setTimeout(refresh, POLL_MS);
}

window.addEventListener('hashchange', refresh);
refresh();
