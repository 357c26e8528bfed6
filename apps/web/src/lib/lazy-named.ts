import { CHUNK_LOAD_TIMEOUT_MS } from '@careers/contracts';
import { createElement, lazy, type ComponentType } from 'react';

/**
 * spec §8 "Chunk load failure: Loading chunk {id} failed, with a type and the requested address";
 * spec §9 "Chunk load timeout 120000 ms". The error boundary shows it on the 500 screen (details for admins).
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly chunkId: string,
    readonly type: 'timeout' | 'error',
    readonly request: string,
    options?: ErrorOptions,
  ) {
    super(`Loading chunk ${chunkId} failed.\n(${type}: ${request})`, options);
  }
}

/** The browser names the module it could not fetch in its message; keep that address when present. */
function requestedAddress(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(text)?.[1] ?? 'unknown';
}

export function loadChunk<T>(chunkId: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId, 'timeout', 'unknown')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, 'error', requestedAddress(error), { cause: error }));
      },
    );
  });
}

/** A lazily loaded screen that can be fetched ahead of its first render. */
export type LazyComponent<Props extends object> = ComponentType<Props> & {
  /** Loads the module; once it has loaded, the component renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a named export, so lazily loaded modules keep named exports. Once preloaded (the server
 * renders a page's screen into its HTML; the browser loads it before the first render) the component
 * renders synchronously: React.lazy alone would suspend once even for a loaded module, and the page would
 * show its loading fallback in place of the server's markup.
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const loadOnce = () =>
    (loading ??= loadChunk(name, load).then((module) => (loaded = module[name])));
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: await loadOnce() }));
  function LazyNamed(props: Props) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return Object.assign(LazyNamed, { preload: () => loadOnce().then(() => undefined) });
}
