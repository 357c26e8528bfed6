import { BootDataSchema, type BootData, type PreloadedQuery } from '@careers/contracts';

const BOOT_DATA = /<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/;

/** The boot data a page carries, as JSON (unchecked: for tests of what malformed or partial pages carry). */
export function rawBootDataOf(html: string): unknown {
  const match = BOOT_DATA.exec(html);
  if (!match?.[1]) throw new Error('no boot data');
  return JSON.parse(match[1]);
}

/** The boot data a page carries, checked with the contract's schema. */
export function bootDataOf(html: string): BootData {
  return BootDataSchema.parse(rawBootDataOf(html));
}

/** The first queries' answers the server put in the page (shell.preload.ts). */
export function preloadedQueriesOf(html: string): PreloadedQuery[] {
  return bootDataOf(html).preloadedQueries ?? [];
}
