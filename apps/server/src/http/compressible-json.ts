import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Smaller bodies gain too little from gzip to be worth a header and the client's inflate. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * A serialised JSON answer that can go out gzipped, compressed at most once: an answer kept in a cache
 * (hot anonymous searches) is compressed on its first compressed send and then served as it is. A search
 * answer is ~11 KB of JSON and ~2 KB gzipped: writing it was most of a cached search's cost (P3), and a
 * phone on a slow network waits for every byte.
 */
export class CompressibleJson {
  #gzip: Buffer | null = null;

  constructor(readonly json: string) {}

  gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json, { level: 6 });
    return this.#gzip;
  }
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`), honouring `q=0` as a refusal. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: boolean | null = null;
  let any = false;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const accepted = q === undefined || Number(q) > 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') any = accepted;
  }
  return gzip ?? any;
}

/** Sends `body` as JSON, gzipped when the client takes it and the body is large enough to gain. */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: CompressibleJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (body.json.length >= MIN_COMPRESSED_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(body.gzip());
  }
  return reply.send(body.json);
}
