import { CHUNK_LOAD_TIMEOUT_MS } from '@careers/contracts';
import { lazy, type ComponentType } from 'react';

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

/** React.lazy for a named export, so lazily loaded modules keep named exports. */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> {
  return lazy<ComponentType<Props>>(async () => ({ default: (await loadChunk(name, load))[name] }));
}
