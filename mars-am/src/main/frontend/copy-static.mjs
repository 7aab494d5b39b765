// Copies the static files next to the bundle (esbuild writes app.js itself).
import { copyFileSync, mkdirSync } from 'node:fs';

const out = '../../../target/classes/io/mars/am/web/ui';
mkdirSync(out, { recursive: true });
copyFileSync('src/index.html', `${out}/index.html`);
copyFileSync('src/app.css', `${out}/app.css`);
copyFileSync('node_modules/uplot/dist/uPlot.min.css', `${out}/uplot.css`);
