import './ui/tokens.css';
import './ui/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The longest the app waits for that paint: a page that draws no frames (hidden, occluded) starts anyway. */
const PAINT_WAIT_MS = 100;

/** Resolves once the browser has painted the current document, or after PAINT_WAIT_MS. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// When the server rendered the first screen into the root, the browser shows it before the app's code
// runs: the app (React and the rest, ~140 KB gzip) downloads meanwhile (the HTML preloads it) and starts
// right after that first paint, instead of holding it back on a slow phone (P6).
const isServerRendered = container.firstElementChild !== null;
void (isServerRendered ? afterPaint() : Promise.resolve())
  .then(() => import('./app/start'))
  .then(({ startApp }) =>
    startApp(container, {
      // `vite dev` serves index.html with its placeholders unreplaced; the production bundle drops this branch.
      fallbackBootData: import.meta.env.DEV
        ? async () => (await import('./app/dev/boot-fixture')).createBootData()
        : undefined,
    }),
  );
