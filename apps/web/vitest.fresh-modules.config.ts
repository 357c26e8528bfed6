import { configDefaults, defineConfig, type UserConfig } from 'vitest/config';
import webConfig, { FRESH_MODULE_SUITES } from './vite.config.ts';

/**
 * The web suites that test how modules load (lazy catalogues, the app's start) run with fresh modules per file:
 * in the web project's shared workers another file may already have loaded what they watch arrive.
 */
const base = (typeof webConfig === 'function' ? webConfig({ command: 'serve', mode: 'test', isSsrBuild: false }) : webConfig) as UserConfig;

export default defineConfig({
  ...base,
  test: { ...base.test, name: 'web-fresh-modules', include: [...FRESH_MODULE_SUITES], exclude: [...configDefaults.exclude], isolate: true },
});
