/**
 * The part of jsdom the server uses: a window for DOMPurify (modules/tenants/tenant-html.child.ts). Declared
 * here rather than through @types/jsdom, whose DOM types would clash with Node's in this program.
 */
declare module 'jsdom' {
  import type { SanitizerWindow } from '@careers/html-sanitizer';

  export class JSDOM {
    constructor(html?: string);
    readonly window: SanitizerWindow;
  }
}
