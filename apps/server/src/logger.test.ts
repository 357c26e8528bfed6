import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { censorSecrets, createLogger } from './logger';

describe('logger', () => {
  it('censors secret-named keys at any depth, headers included', () => {
    const censored = censorSecrets({
      password: 'p1',
      body: { newPassword: 'p2', nested: [{ currentPassword: 'p3' }] },
      req: { headers: { Cookie: 'cp_sid=abc', 'X-CSRF-Token': 't', authorization: 'Bearer x', accept: 'text/html' } },
      csrf_token: 'form-token',
    });
    expect(JSON.stringify(censored)).not.toMatch(/p1|p2|p3|cp_sid|Bearer|form-token|"t"/);
    expect(censored).toMatchObject({ req: { headers: { accept: 'text/html' } } });
  });

  it('applies to every written line', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('info', stream).child({ reqId: 'r1' });
    log.info({ password: 'hunter22', user: { sessionSecret: 'zzz' } }, 'attempt');
    expect(lines.join('')).not.toContain('hunter22');
    expect(lines.join('')).not.toContain('zzz');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ reqId: 'r1', msg: 'attempt', password: '[redacted]' });
  });
});
