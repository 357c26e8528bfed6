import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../tenants/tenants.service';
import { shellHints } from './shell.hints';
import { createWebChunks } from './web-chunks';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework.js'], css: ['assets/index-1.css'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  '_zod.js': { file: 'assets/zod-1.js' },
  'src/lib/sanitize.ts': { file: 'assets/sanitize-1.js' },
  'src/app/routes/job-route.tsx': { file: 'assets/job-route-1.js', imports: ['_framework.js', '_zod.js', 'index.html'], css: ['assets/job-route-1.css'] },
  'src/app/routes/offers-route.tsx': { file: 'assets/offers-route-1.js', imports: ['_zod.js'] },
  'src/app/routes/profile-route.tsx': { file: 'assets/profile-route-1.js', css: ['assets/profile-route-1.css'] },
  'src/app/routes/offer-letter-route.tsx': { file: 'assets/offer-letter-route-1.js', css: ['assets/offer-letter-route-1.css'] },
};

const acme = { id: 't', domain: 'acme.example', isDefault: true, companyName: 'Acme', config: ACME_CONFIG } as unknown as Tenant;
const plain = {
  ...acme,
  config: {
    ...ACME_CONFIG,
    pcsxConfig: { ...ACME_CONFIG.pcsxConfig, branding: { ...ACME_CONFIG.pcsxConfig.branding, customPageSections: {}, heroImageConfig: {} } },
  },
} as unknown as Tenant;

describe('shell hints', () => {
  const chunks = createWebChunks(manifest);

  it("announces a page's lazy chunks and their styles, not what index.html loads already", () => {
    const tags = shellHints({ tenant: plain, path: '/careers/job/12', search: '' }, chunks);
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/job-route-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/job-route-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod-1.js">',
    ]);
    expect(shellHints({ tenant: plain, path: '/careers/offers', search: '' }, chunks)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/offers-route-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod-1.js">',
    ]);
  });

  it('gives every screen of the route table its styles, by the shared route patterns (a server-rendered screen never paints unstyled)', () => {
    const styles = (path: string) => shellHints({ tenant: plain, path, search: '', isServerRendered: true }, chunks);
    expect(styles('/careers/profile')).toEqual(['<link rel="stylesheet" crossorigin href="/assets/profile-route-1.css">']);
    expect(styles('/careers/export-resume/')).toEqual(['<link rel="stylesheet" crossorigin href="/assets/profile-route-1.css">']);
    expect(styles('/careers/offer/o-1/offer-document/d-1')).toEqual(['<link rel="stylesheet" crossorigin href="/assets/offer-letter-route-1.css">']);
    expect(styles('/careers/offer-letter/o-1')).toEqual(['<link rel="stylesheet" crossorigin href="/assets/offer-letter-route-1.css">']);
    // Not a screen of these: a search path, and a longer path than the pattern's.
    expect(styles('/careers/profiles')).toEqual([]);
    expect(styles('/careers/offer/o-1/offer-document')).toEqual([]);
  });

  it('announces the sanitizer for a tenant with custom HTML, and the hero image while nothing is searched', () => {
    const home = shellHints({ tenant: acme, path: '/careers', search: '' }, chunks);
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/sanitize-1.js">');
    expect(home.filter((tag) => tag.includes('as="image"'))).toEqual([
      '<link rel="preload" as="image" href="/brand/hero-phone.svg" media="(max-width: 599.98px)" fetchpriority="high">',
      '<link rel="preload" as="image" href="/brand/hero-tablet.svg" media="(min-width: 600px) and (max-width: 1023.98px)" fetchpriority="high">',
      '<link rel="preload" as="image" href="/brand/hero-desktop.svg" media="(min-width: 1024px)" fetchpriority="high">',
    ]);
    const searched = shellHints({ tenant: acme, path: '/careers', search: 'query=nurse' }, chunks);
    expect(searched.some((tag) => tag.includes('as="image"'))).toBe(false);
    expect(shellHints({ tenant: acme, path: '/careers/nurse', search: '' }, chunks).some((tag) => tag.includes('as="image"'))).toBe(false);
  });

  it('announces nothing without a web build, and names the modules a build lacks', () => {
    expect(shellHints({ tenant: plain, path: '/careers/job/12', search: '' }, createWebChunks(null))).toEqual([]);
    expect(chunks.unknown(['src/lib/sanitize.ts', 'src/app/routes/gone.tsx'])).toEqual(['src/app/routes/gone.tsx']);
  });
});
