/**
 * DOMPurify is loaded only for tenants that inject HTML: app start awaits it before the first render when
 * boot data holds custom HTML (no layout shift), and nobody else downloads it.
 */
import type * as Sanitize from './sanitize';

type SanitizeModule = typeof Sanitize;

let loaded: SanitizeModule | null = null;
let loading: Promise<SanitizeModule> | null = null;

export function loadSanitizer(): Promise<SanitizeModule> {
  loading ??= import('./sanitize').then((module) => (loaded = module));
  return loading;
}

export function loadedSanitizer(): SanitizeModule | null {
  return loaded;
}
