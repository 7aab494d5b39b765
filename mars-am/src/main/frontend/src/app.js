// The Mars web UI: one page, views chosen by the URL's fragment, each redrawn from the REST API every few seconds.
import { getJson, h } from './api.js';
import { tasksView, taskView, errorsView } from './tasks.js';
import { timelineView } from './timeline.js';
import { workersView } from './workers.js';

const POLL_MS = 2000;

async function configView(root) {
  const config = await getJson('api/config');
  const settings = Object.entries(config.settings).sort(([a], [b]) => a.localeCompare(b));
  root.replaceChildren(
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
async function refresh() {
  clearTimeout(timer);
  const root = document.getElementById('view');
  const view = (location.hash.replace(/^#/, '') || 'tasks').split('/')[0];
  document.querySelectorAll('nav a').forEach((a) => a.classList.toggle('active', a.getAttribute('href') === `#${view}`));
  try {
    await route()(root);
    document.getElementById('updated').textContent = `updated ${new Date().toLocaleTimeString()}`;
    document.body.dataset.rendered = view;
  } catch (e) {
    root.replaceChildren(h('p', { class: 'lost', id: 'load-error' }, String(e.message || e)));
  }
  timer = setTimeout(refresh, POLL_MS);
}

window.addEventListener('hashchange', refresh);
refresh();
