import type { TenantConfig } from './config';

/**
 * Every tenant-authored HTML of a configuration (footer, banner, navbar signed in and out), each of which is
 * shown only sanitized (QUALITY T09): the browser sanitizes them when it loads, the server when the
 * configuration is written (it stores the results for its renderer). Its own module, free of zod: the
 * web's first route uses it.
 */
export function tenantCustomHtml(config: TenantConfig): string[] {
  // `?? {}`: the browser reads boot data before its full check (the default may be missing there).
  const sections = config.pcsxConfig.branding.customPageSections ?? {};
  return [sections.footer?.html, sections.customPcsBanner?.html, sections.customNavbarConfig?.loggedInHtml, sections.customNavbarConfig?.loggedOutHtml].filter(
    (html): html is string => typeof html === 'string' && html.trim() !== '',
  );
}
