import type { Clock } from '../../clock';
import type { EmailRepository } from './email.repository';
import type { EmailService } from './email.service';

/** What the sender hands a message to: nodemailer's SMTP transport in production, a fake in tests. */
export interface EmailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html: string; headers: Record<string, string> }): Promise<void>;
}

export interface EmailSenderOptions {
  pollMs: number;
  batch: number;
  claimMs: number;
  maxAttempts: number;
  firstRetryMs: number;
  maxRetryMs: number;
}

export const EMAIL_SENDER_DEFAULTS: EmailSenderOptions = {
  /** How often an idle sender looks for due rows. */
  pollMs: 2000,
  batch: 10,
  /** A claim outlives a slow SMTP answer; a crashed sender's rows are taken again after it. */
  claimMs: 60_000,
  /** After this many failed attempts the row is marked failed (about 8.5 hours of retries in all). */
  maxAttempts: 10,
  /** Backoff: 30 s, 1 min, 2 min, … capped at 1 h. */
  firstRetryMs: 30_000,
  maxRetryMs: 3_600_000,
};

export function retryDelayMs(attempt: number, first: number = EMAIL_SENDER_DEFAULTS.firstRetryMs, max: number = EMAIL_SENDER_DEFAULTS.maxRetryMs): number {
  return Math.min(max, first * 2 ** Math.max(0, attempt - 1));
}

export interface EmailSender {
  /** One pass: claims due rows and sends them. Never throws (errors are logged and retried). */
  runOnce(): Promise<{ sent: number; failed: number }>;
  start(): void;
  stop(): Promise<void>;
}

export interface EmailSenderLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Issue 12: each process drains the outbox in the background (a request never waits on SMTP). Logs name
 * rows by id only, never an address or a token (T22).
 */
export function createEmailSender(deps: {
  repository: EmailRepository;
  emails: EmailService;
  transport: EmailTransport;
  from: string;
  clock: Clock;
  log: EmailSenderLog;
  options?: Partial<EmailSenderOptions>;
}): EmailSender {
  const options = { ...EMAIL_SENDER_DEFAULTS, ...deps.options };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  async function pass(): Promise<{ sent: number; failed: number }> {
    const now = deps.clock.now();
    const rows = await deps.repository.claimDue(now.toISOString(), new Date(now.getTime() + options.claimMs).toISOString(), options.batch);
    const tenants = await deps.emails.tenants([...new Set(rows.map((row) => row.tenantId))]);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        const tenant = tenants.get(row.tenantId);
        if (!tenant) throw new Error('tenant gone');
        const email = deps.emails.render(row, tenant);
        const headers: Record<string, string> = email.listUnsubscribe
          ? { 'List-Unsubscribe': `<${email.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {};
        await deps.transport.send({ from: deps.from, to: row.toAddress, subject: email.subject, text: email.text, html: email.html, headers });
        await deps.repository.markSent(row.id, deps.clock.now().toISOString());
        sent += 1;
      } catch (error) {
        failed += 1;
        const giveUp = row.attempts >= options.maxAttempts;
        const retryAt = giveUp ? null : new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts, options.firstRetryMs, options.maxRetryMs)).toISOString();
        const message = error instanceof Error ? error.message.slice(0, 500) : 'send failed';
        deps.log.warn({ emailId: row.id, attempts: row.attempts, giveUp }, 'email could not be sent');
        await deps.repository.markFailed(row.id, message, retryAt);
      }
    }
    return { sent, failed };
  }

  const runOnce = async (): Promise<{ sent: number; failed: number }> => {
    try {
      return await pass();
    } catch (error) {
      deps.log.error({ err: error }, 'email sender pass failed');
      return { sent: 0, failed: 0 };
    }
  };

  const tick = () => {
    if (stopped) return;
    running = runOnce().finally(() => {
      running = null;
      if (!stopped) {
        timer = setTimeout(tick, options.pollMs);
        timer.unref();
      }
    });
  };

  return {
    runOnce,
    start() {
      stopped = false;
      timer = setTimeout(tick, options.pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** nodemailer over SMTP_URL. Loaded only when SMTP is configured. */
export async function smtpTransport(smtpUrl: string): Promise<EmailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
