import type { OutgoingHttpHeaders } from 'node:http';
import {
  NotificationMarkBodySchema,
  NotificationsQuerySchema,
  type Notification,
  type NotificationBadgeResponse,
  type NotificationsBootDataResponse,
  type NotificationsResponse,
} from '@careers/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError, RateLimitedError } from '../../errors';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import { notificationBootData, NotificationsMessages, type NotificationOwner, type NotificationsService } from './notifications.service';
import type { NotificationStreams } from './notifications.streams';

const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
const DomainQuerySchema = z.object({ domain: z.string().max(253).optional() });
/** How long a browser waits before reconnecting a dropped stream (SSE `retry:`). */
export const STREAM_RETRY_MS = 3000;

/** spec §7 notification calls, plus the live stream (issue 12). Session + CSRF as every /api/pcsx call. */
export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService; streams: NotificationStreams }> = async (
  app,
  { notifications, streams },
) => {
  /** spec §6: only a signed-in candidate, and only where in-app notifications are enabled (else the calls do not exist). */
  function ownerOf(request: FastifyRequest): NotificationOwner {
    const tenant = tenantOf(request);
    const candidateId = requireCandidate(request).candidate.id;
    if (!tenant.config.notificationsConfig.enableCandidateInappNotifications) throw new NotFoundError(NotificationsMessages.disabled);
    return { tenantId: tenant.id, candidateId };
  }

  app.get('/api/pcsx/notifications_boot_data', async (request): Promise<NotificationsBootDataResponse> => {
    parseInput(DomainQuerySchema, request.query);
    return { data: notificationBootData(tenantOf(request), request.session !== null) };
  });

  app.get('/api/pcsx/notifications', async (request): Promise<NotificationsResponse> => {
    const owner = ownerOf(request);
    const query = parseInput(NotificationsQuerySchema, request.query);
    return { data: await notifications.list(owner, query.type_filter) };
  });

  app.get('/api/pcsx/notification_badge', async (request): Promise<NotificationBadgeResponse> => {
    const owner = ownerOf(request);
    parseInput(DomainQuerySchema, request.query);
    return { data: { count: await notifications.badge(owner) } };
  });

  app.post('/api/pcsx/notifications/mark_all_viewed', async (request): Promise<NotificationBadgeResponse> => {
    const owner = ownerOf(request);
    parseInput(NotificationMarkBodySchema, request.body);
    await notifications.markAllViewed(owner);
    await streams.refreshBadge(owner);
    return { data: { count: 0 } };
  });

  app.post('/api/pcsx/notifications/mark_all_clicked', async (request): Promise<{ data: { ok: true } }> => {
    const owner = ownerOf(request);
    parseInput(NotificationMarkBodySchema, request.body);
    await notifications.markAllClicked(owner);
    return { data: { ok: true } };
  });

  app.post('/api/pcsx/notifications/:id/mark_clicked', async (request): Promise<{ data: Notification }> => {
    const owner = ownerOf(request);
    const { id } = parseInput(IdParamsSchema, request.params);
    parseInput(NotificationMarkBodySchema, request.body);
    return { data: await notifications.markClicked(owner, id) };
  });

  /**
   * Issue 12 "Live updates": server-sent events — `badge` ({count}) on open and after each change,
   * `notification` (a Notification) when one is created, a comment line as heartbeat. The response is
   * taken over from Fastify (hijack) and lives until the browser leaves or the process stops.
   */
  app.get('/api/pcsx/notifications/stream', async (request, reply) => {
    const owner = ownerOf(request);
    parseInput(DomainQuerySchema, request.query);
    if (!streams.hasRoom(owner)) throw new RateLimitedError(60);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx) must pass events through as they come.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${STREAM_RETRY_MS}\n\n`);
    let close: (() => void) | undefined;
    let gone = false;
    request.raw.once('close', () => {
      gone = true;
      close?.();
    });
    try {
      close = await streams.open(owner, {
        send: (event, data) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        comment: (text) => raw.write(`: ${text}\n\n`),
        end: () => raw.end(),
      });
      if (gone) close();
    } catch (error) {
      request.log.error({ err: error }, 'notification stream could not start');
      raw.end();
    }
    return reply;
  });
};
