import { describe, expect, it } from 'vitest';
import { TenantConfigSchema } from './config';
import { tenantCustomHtml } from './custom-html';

describe('tenantCustomHtml', () => {
  it('lists every non-blank tenant HTML: footer, banner, navbar signed in and out', () => {
    const config = TenantConfigSchema.parse({
      pcsxConfig: {
        branding: {
          companyName: 'Acme',
          customPageSections: {
            footer: { html: '<p>footer</p>' },
            customPcsBanner: { html: '  ' },
            customNavbarConfig: { loggedInHtml: '<b>in</b>', loggedOutHtml: '<i>out</i>' },
          },
        },
      },
    });
    expect(tenantCustomHtml(config)).toEqual(['<p>footer</p>', '<b>in</b>', '<i>out</i>']);
  });

  it('is empty for a tenant without custom sections', () => {
    expect(tenantCustomHtml(TenantConfigSchema.parse({ pcsxConfig: { branding: { companyName: 'Acme' } } }))).toEqual([]);
  });
});
