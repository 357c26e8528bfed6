import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (SSRF, issue 10). A company names the URL, so without a check an endpoint
 * could aim the server at its own network: 127.0.0.1, the cloud metadata service (169.254.169.254), a
 * private database. Endpoints must be https, and every address a name resolves to must be public; the
 * check runs again in the socket's own DNS lookup when sending (guardedLookup), so a name that changes
 * its answer after registration (DNS rebinding) is refused at connect time, not only when saved.
 *
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1) lifts both rules, for tests and a development machine whose
 * receiver listens on http://127.0.0.1.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped (::ffff:10.0.0.1) is the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1] as string, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Why a URL cannot be an endpoint, or null when it can (the address check happens on resolution). */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return `The URL is longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not a valid absolute URL.';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'Webhook URLs must use https.';
  if (url.username || url.password) return 'Webhook URLs must not carry a user name or password.';
  if (url.hash) return 'Webhook URLs must not have a #fragment.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isNonPublicAddress(host)))) {
    return 'Webhook URLs must point to a public address.';
  }
  return null;
}

export class NonPublicAddressError extends Error {
  override name = 'NonPublicAddressError';
  constructor(host: string) {
    super(`${host} resolves to a non-public address`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses non-public answers: the address checked is the address
 * connected to. Keeps Node's calling convention (single or `all` answers).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((entry) => isNonPublicAddress(entry.address)))) {
        return callback(new NonPublicAddressError(hostname), []);
      }
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
