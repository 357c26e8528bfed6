import { TenantConfigSchema, tenantCustomHtml } from '@careers/contracts';
import type { TestProject } from 'vitest/node';
import { ACME_CONFIG, GLOBEX_CONFIG } from '../startup/seed/demo-tenants';
import { sanitizeAll } from '../modules/tenants/tenant-html';
import { sanitizeInChildProcess } from '../modules/tenants/tenant-html.sanitizer';
import { createTestDatabaseTemplates, type TestDatabaseTemplates } from './database-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo tenants' HTML sanitized (raw, clean), made once per run: see test/html-sanitizer.ts. */
    sanitizedDemoHtml: [string, string][];
    /** Migrated, empty databases each suite copies (test/databases.ts). */
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

/** Runs once before the server's test files, in vitest's own process. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const html = [ACME_CONFIG, GLOBEX_CONFIG].flatMap((config) => tenantCustomHtml(TenantConfigSchema.parse(config)));
  project.provide('sanitizedDemoHtml', [...(await sanitizeAll(html, sanitizeInChildProcess))]);
  const { templates, drop } = await createTestDatabaseTemplates();
  project.provide('testDatabaseTemplates', templates);
  return drop;
}
