import { startApp } from './app/start';
import './ui/tokens.css';
import './ui/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void startApp(container, {
  // `vite dev` serves index.html with its placeholders unreplaced; the production bundle drops this branch.
  fallbackBootData: import.meta.env.DEV
    ? async () => (await import('./app/dev/boot-fixture')).createBootData()
    : undefined,
});
