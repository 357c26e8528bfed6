/**
 * The server resolves the tenant from a `domain` param (spec §6 "keyed by groupId (domain)"), so every
 * link of a non-default tenant's site carries it; the default tenant's links stay clean.
 */
export function withTenantDomain(path: string, domain: string | undefined): string {
  if (!domain) return path;
  const url = new URL(path, 'http://careers.invalid');
  if (!url.searchParams.has('domain')) url.searchParams.set('domain', domain);
  return url.pathname + url.search + url.hash;
}
