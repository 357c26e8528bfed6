/**
 * The few Node APIs the server renderer uses. The web's TypeScript program has DOM types, not Node's
 * (they would clash: setTimeout's return type), so these are imported by a runtime specifier and typed
 * here, as narrowly as this code uses them. Only the SSR build (node) ever runs this module.
 */
import type { SanitizerWindow } from '../../lib/sanitize';

export interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
  terminate(): Promise<number>;
  unref(): void;
}

export interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): void;
}

interface WorkerThreadsModule {
  Worker: new (file: URL) => WorkerLike;
  parentPort: ParentPortLike | null;
}

function importNode<T>(specifier: string): Promise<T> {
  return import(/* @vite-ignore */ specifier) as Promise<T>;
}

export function workerThreads(): Promise<WorkerThreadsModule> {
  return importNode<WorkerThreadsModule>('node:worker_threads');
}

export async function fileExists(url: URL): Promise<boolean> {
  const { existsSync } = await importNode<{ existsSync(path: URL): boolean }>('node:fs');
  return existsSync(url);
}

/**
 * A DOM for DOMPurify: jsdom's (~100 MB once loaded, which is why the server keeps it in a worker that
 * ends when idle). jsdom is a dev dependency of the web app: without it, rejects.
 */
export async function jsdomWindow(): Promise<SanitizerWindow> {
  const { JSDOM } = await importNode<{ JSDOM: new (html: string) => { window: SanitizerWindow } }>('jsdom');
  return new JSDOM('<!doctype html>').window;
}
