import { execFile } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readPdfText } from '../../apps/server/src/modules/pdf/read-pdf-text';

/**
 * The company's side of an end-to-end flow (issue 10): the operators' command line against the database the
 * e2e server runs on, and the employer API with a key it made.
 */

const root = new URL('../..', import.meta.url).pathname;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The data directory e2e/run.mjs gave the server (E2E_DATA_DIR); the command line opens its database. */
export function e2eDataDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the spec through e2e/run.mjs, which exports the server’s data directory');
  return dataDir;
}

/**
 * `careers <args>` as a built deployment runs it (node apps/server/dist/careers.js, the build e2e/run.mjs made;
 * `npm run careers` is the same command from the sources), on the server's SQLite database while the server
 * runs (WAL: one writer at a time, readers never blocked, a busy timeout for the writer that waits).
 */
export function careers(args: readonly string[], dataDir: string = e2eDataDir()): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['apps/server/dist/careers.js', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, timeout: 30_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Runs a command that must succeed; its failure names the command and what it printed. */
export async function careersOk(args: readonly string[], dataDir?: string): Promise<string> {
  const result = await careers(args, dataDir);
  if (result.code !== 0) throw new Error(`careers ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `apikey create`: the key alone on stdout, shown this once. */
export async function createApiKey(tenant: string, name: string, dataDir?: string): Promise<string> {
  const key = (await careersOk(['apikey', 'create', '--tenant', tenant, '--name', name], dataDir)).trim();
  expect(key, 'apikey create prints the key alone').toMatch(/^cpk_\S+$/);
  return key;
}

/** The employer API (/api/admin/v1) with one key, on a request context whose baseURL is the server. */
export class EmployerApi {
  /** Every call made, as "METHOD /api/admin/v1/path" without the query (see undocumentedCalls). */
  readonly calls = new Set<string>();

  constructor(
    private readonly request: APIRequestContext,
    private readonly key: string,
  ) {}

  private headers() {
    return { authorization: `Bearer ${this.key}` };
  }

  private record(method: string, path: string): string {
    const url = `/api/admin/v1${path}`;
    this.calls.add(`${method} ${url.split('?')[0]}`);
    return url;
  }

  get(path: string): Promise<APIResponse> {
    return this.request.get(this.record('GET', path), { headers: this.headers() });
  }

  post(path: string, data: unknown): Promise<APIResponse> {
    return this.request.post(this.record('POST', path), { headers: this.headers(), data });
  }

  /** The calls made that the OpenAPI document (GET /api/admin/v1/openapi.json) does not describe. */
  async undocumentedCalls(): Promise<string[]> {
    const document = await this.json<{ paths: Record<string, Record<string, unknown>> }>(this.request.get('/api/admin/v1/openapi.json'));
    const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`) })),
    );
    return [...this.calls].filter((call) => {
      const [method, path] = call.split(' ') as [string, string];
      return !operations.some((operation) => operation.method === method && operation.pattern.test(path));
    });
  }

  /** A JSON answer with the expected status; anything else fails with the body the server sent. */
  async json<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect(answer.status(), `${answer.url()}: ${await answer.text()}`).toBe(status);
    return (await answer.json()) as T;
  }

  /** Bytes of a download (a PDF, an uploaded file) with status 200 and the given content type. */
  async bytes(path: string, contentType: RegExp): Promise<Buffer> {
    const answer = await this.get(path);
    expect(answer.status(), `${answer.url()}: ${answer.status() === 200 ? '' : await answer.text()}`).toBe(200);
    expect(answer.headers()['content-type']).toMatch(contentType);
    return answer.body();
  }
}

/** Letters only, so the word is one search token that no demo position carries (e.g. "qzkvxbjw"). */
export function uniqueWord(length = 10): string {
  let word = '';
  for (let index = 0; index < length; index += 1) word += String.fromCharCode(97 + randomInt(26));
  return word;
}

export const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A small real one-page PDF with the given lines of text (an offer letter, a resume). */
export async function textPdf(lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 24, size: index === 0 ? 18 : 12, font }));
  return Buffer.from(await pdf.save());
}

/** What a reader of the PDF sees: its pages' text (pdf.js, as the server's signing tests read it). */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  return (await readPdfText(bytes)).pages.map((page) => page.replace(/\s+/g, ' '));
}
