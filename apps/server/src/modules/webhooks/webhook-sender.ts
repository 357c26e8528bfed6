import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isNonPublicAddress, NonPublicAddressError } from './webhook-target';

/**
 * One POST of a delivery (issue 10: "a timeout (5 s)"). Plain node:http(s) rather than fetch, because the
 * socket's DNS lookup is where the SSRF rule must run (webhook-target.ts). The response body is read and
 * dropped (at most 64 KB kept for nothing); redirects are not followed, so a 3xx counts as a failure and a
 * receiver cannot bounce the server elsewhere.
 */

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export type SendOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export type WebhookSender = (request: SendRequest) => Promise<SendOutcome>;

export const DEFAULT_SEND_TIMEOUT_MS = 5_000;

export function createHttpSender(options: { timeoutMs?: number; allowPrivate: boolean }): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  return (request) =>
    new Promise<SendOutcome>((resolve) => {
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // A literal address is never looked up, so check it here too.
      if (!options.allowPrivate && isIP(host) !== 0 && isNonPublicAddress(host)) {
        resolve({ ok: false, status: null, error: new NonPublicAddressError(host).message });
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body), 'user-agent': 'CareersPortal-Webhooks/1', ...request.headers },
          lookup: guardedLookup(options.allowPrivate) as unknown as http.RequestOptions['lookup'],
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            clearTimeout(deadline);
            const status = response.statusCode ?? 0;
            resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` });
          });
          response.on('error', (error) => finish(error.message));
        },
      );
      // The whole exchange, not only idle time, is bounded: a receiver trickling bytes cannot hold a sender.
      const deadline = setTimeout(() => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      const finish = (message: string) => {
        clearTimeout(deadline);
        resolve({ ok: false, status: null, error: message });
      };
      outgoing.on('timeout', () => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)));
      outgoing.on('error', (error) => finish(error.message));
      outgoing.end(request.body);
    });
}
