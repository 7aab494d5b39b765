// JSON from the AM's (or the history server's) REST API. URLs are relative on purpose: under YARN the page is
// served at /proxy/<application id>/ and every request must stay below it.
export async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  const body = await response.json();
  if (!response.ok) {
    const error = body && body.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`;
    throw new Error(`${path}: ${error}`);
  }
  return body;
}

/** Builds an element: h('td', {class: 'num'}, '12'). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

export function bytes(n) {
  if (n === null || n === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${v.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}

export function millis(ms) {
  if (ms === null || ms === undefined) return '–';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Replaces an element's children, flattening lists and leaving out null ones, as h() does. */
export function fill(element, ...children) {
  element.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
}
