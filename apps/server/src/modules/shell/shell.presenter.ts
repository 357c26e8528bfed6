import { pageTitle, type BootData, type PreloadedQuery, type UserPreferences } from '@careers/contracts';
import type { AppConfig } from '../../config';
import { escapeHtml, jsonForScript } from '../../http/html';
import type { PageLocale } from '../account/preferences.service';
import type { Candidate } from '../auth/candidates.repository';
import { presentAuthState, type ProfileStanding } from '../auth/auth.presenter';
import { notificationBootData } from '../notifications/notifications.service';
import type { Tenant } from '../tenants/tenants.service';
import { presentTenant } from '../tenants/tenants.presenter';
import type { PlaceholderValues } from './shell.template';

/**
 * What a module knows about one page's head (the job page: issue 3 "Search-engine visibility"). Every
 * field is optional; what is given replaces the shell's default for that tag.
 */
export interface ShellPageHead {
  title?: string;
  description?: string;
  /** Absolute URL; replaces the default canonical link (which exists only with PUBLIC_ORIGIN). */
  canonicalUrl?: string;
  noindex?: boolean;
  /** Extra elements for <head>, already safe HTML (e.g. a JSON-LD block). */
  extraHead?: string;
  /** The HTTP status of the page (404 for an unknown job; the SPA still renders its not-found state). */
  statusCode?: number;
}

export interface ShellPage {
  tenant: Tenant;
  candidate: Candidate | null;
  /** The candidate's resume and profile completion (issue 11: the user store's hasResume, profileCompletionData). */
  standing?: ProfileStanding;
  csrfToken: string;
  /** Path without query, e.g. /careers/job/12. */
  path: string;
  query: { query?: string | undefined; location?: string | undefined; hl?: string | undefined };
  /** Issue 13: the page's language and direction (hl, the saved preference, Accept-Language, the tenant's). */
  locale?: PageLocale;
  /** Issue 11: the signed-in candidate's settings, carried in the user store (time zone for dates). */
  preferences?: UserPreferences | null;
  head?: ShellPageHead | null;
  /** Resource hints for <head>, already safe HTML (shell.hints.ts). */
  hints?: readonly string[];
  /** The page's first queries, answered while rendering (see ShellPreloadResolver). */
  preloadedQueries?: readonly PreloadedQuery[];
  /** The server-rendered first screen for `<div id="root">`, already safe HTML (React's); '' for none. */
  appHtml?: string;
}

const DEFAULT_LOCALE: PageLocale = { code: 'en', dir: 'ltr' };

export function presentBootData(page: ShellPage, config: AppConfig): BootData {
  const authState = presentAuthState(page.tenant, page.candidate, config.staticHost, page.standing);
  return {
    tenant: presentTenant(page.tenant),
    userStore: page.preferences ? { ...authState.userStore, preferences: page.preferences } : authState.userStore,
    onboarding: authState.onboarding,
    notifications: notificationBootData(page.tenant, page.candidate !== null),
    staticHost: config.staticHost,
    environment: config.nodeEnv,
    ...(page.preloadedQueries && page.preloadedQueries.length > 0 ? { preloadedQueries: [...page.preloadedQueries] } : {}),
  };
}

/** spec §9 "Page title": the config template with query and location, otherwise "Careers at {company}". */
export function shellTitle(page: ShellPage): string {
  if (page.head?.title) return page.head.title;
  const isSearch = page.path === '/careers' || page.path === '/careers/' || page.path === '/careers/search';
  return pageTitle({
    company: page.tenant.companyName,
    template: page.tenant.config.pcsxConfig.seoConfig.titleTemplate,
    query: isSearch ? page.query.query : undefined,
    location: isSearch ? page.query.location : undefined,
  });
}

function headTags(page: ShellPage, config: AppConfig): string {
  const { pcsxConfig } = page.tenant.config;
  const tags: string[] = [...(page.hints ?? [])];
  const description = page.head?.description ?? pcsxConfig.seoConfig.description;
  if (description) {
    tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  }
  if (!pcsxConfig.seoConfig.indexable || page.head?.noindex) tags.push('<meta name="robots" content="noindex">');
  if (page.head?.canonicalUrl) {
    tags.push(`<link rel="canonical" href="${escapeHtml(page.head.canonicalUrl)}">`);
  } else if (config.publicOrigin) {
    const domainQuery = page.tenant.isDefault ? '' : `?domain=${encodeURIComponent(page.tenant.domain)}`;
    tags.push(`<link rel="canonical" href="${escapeHtml(`${config.publicOrigin}${page.path}${domainQuery}`)}">`);
  }
  if (pcsxConfig.branding.faviconUrl) {
    // After the build's default icon: browsers use the last icon link they can read.
    tags.push(`<link rel="icon" href="${escapeHtml(pcsxConfig.branding.faviconUrl)}">`);
  }
  if (pcsxConfig.branding.primaryColor) {
    // The schema allows only #rrggbb here, so it is safe inside <style>.
    tags.push(`<style>:root{--color-primary:${pcsxConfig.branding.primaryColor}}</style>`);
  }
  for (const src of pcsxConfig.scriptConfig.pageLoadHeadScripts) {
    tags.push(`<script src="${escapeHtml(src)}"></script>`);
  }
  if (page.head?.extraHead) tags.push(page.head.extraHead);
  return tags.join('\n    ');
}

/** The page's language as negotiated (issue 13), English when the caller chose none. */
export function shellLocale(page: Pick<ShellPage, 'locale'>): PageLocale {
  return page.locale ?? DEFAULT_LOCALE;
}

/** `bootData` when the caller has it already (it rendered the page from it), so both are the same object. */
export function shellPlaceholders(page: ShellPage, config: AppConfig, bootData: BootData = presentBootData(page, config)): PlaceholderValues {
  const locale = shellLocale(page);
  return {
    __LANG__: escapeHtml(locale.code),
    __DIR__: locale.dir,
    __CSRF_TOKEN__: escapeHtml(page.csrfToken),
    __PAGE_TITLE__: escapeHtml(shellTitle(page)),
    '<!--app-head-->': headTags(page, config),
    '<!--app-html-->': page.appHtml ?? '',
    __BOOT_DATA__: jsonForScript(bootData),
  };
}
