import './ui/tokens.css';
import './ui/base.css';
import { startIntlWarmup } from './lib/intl-warmup';

// First thing: the Intl formatters' one-time set-up runs on a worker while the app downloads (lib/intl-warmup.ts).
startIntlWarmup(document.documentElement.lang);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The longest the app waits for that paint: a page that draws no frames (hidden, occluded) starts anyway. */
const PAINT_WAIT_MS = 100;

/** Resolves in a new task, so the browser may handle input (and paint) between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

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
  // React (~60 KB gzip) is evaluated in a task of its own, then the app: evaluated together they were one
  // long task of ~400 ms on a throttled phone, all of it blocking time (issue 8 §4, P6 TBT).
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./app/start'))
  .then(({ startApp }) =>
    startApp(container, {
      // `vite dev` serves index.html with its placeholders unreplaced; the production bundle drops this branch.
      fallbackBootData: import.meta.env.DEV
        ? async () => (await import('./app/dev/boot-fixture')).createBootData()
        : undefined,
    }),
  );
