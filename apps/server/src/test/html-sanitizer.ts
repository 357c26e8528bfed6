import { inject } from 'vitest';
import { withKnownResults, type TenantHtmlSanitizer } from '../modules/tenants/tenant-html';
import { sanitizeInChildProcess } from '../modules/tenants/tenant-html.sanitizer';

/**
 * The production sanitizer (a child process with jsdom, about a second each time) for the tests, which
 * seed the demo tenants in nearly every suite: the demo HTML is answered from results the real sanitizer
 * made once for the run (global-setup.ts); any other HTML goes to a child process as in production.
 */
export const testHtmlSanitizer: TenantHtmlSanitizer = withKnownResults(new Map(inject('sanitizedDemoHtml')), sanitizeInChildProcess);
