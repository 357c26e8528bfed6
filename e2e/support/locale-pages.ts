import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** The page's own scripts have taken over the server's markup, and nothing is loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('#root > [data-server-rendered]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** `path` in `locale` (`?hl=`), settled, with the document's language set. */
export async function openIn(page: Page, path: string, locale: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}hl=${locale}`);
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

export type Tree = { [key: string]: string | Tree };

const localesDir = new URL('../../packages/i18n/locales/', import.meta.url).pathname;

/** A locale's catalogue of one namespace, as the site loads it. */
export function catalogue(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(`${localesDir}${locale}/${namespace}.json`, 'utf8')) as Tree;
}

/** One string of a catalogue by its dotted key: names to find controls by in any language. */
export function catalogueText(locale: string, namespace: string, key: string): string {
  let node: string | Tree | undefined = catalogue(locale, namespace);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`${locale}/${namespace}:${key} is not a string`);
  return node;
}
