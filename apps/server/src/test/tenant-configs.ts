import type { TenantConfigInput } from '@careers/contracts';
import { ACME_CONFIG } from '../startup/seed/demo-tenants';

export interface TenantHtml {
  footer?: string;
  banner?: string;
  bannerType?: 'info' | 'alert';
  loggedIn?: string;
  loggedOut?: string;
}

/** The demo tenant's config with these custom HTML sections (and no others): for sanitizer tests. */
export function configWithHtml(html: TenantHtml): TenantConfigInput {
  return {
    ...ACME_CONFIG,
    pcsxConfig: {
      ...ACME_CONFIG.pcsxConfig,
      branding: {
        ...ACME_CONFIG.pcsxConfig.branding,
        customPageSections: {
          ...(html.footer === undefined ? {} : { footer: { html: html.footer } }),
          ...(html.banner === undefined ? {} : { customPcsBanner: { type: html.bannerType ?? 'info', html: html.banner } }),
          ...(html.loggedIn === undefined && html.loggedOut === undefined
            ? {}
            : { customNavbarConfig: { loggedInHtml: html.loggedIn, loggedOutHtml: html.loggedOut } }),
        },
      },
    },
  };
}
