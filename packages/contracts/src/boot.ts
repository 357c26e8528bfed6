import { z } from 'zod';
import { TenantConfigSchema } from './config';
import { NotificationBootDataSchema, OnboardingBootDataSchema, UserStoreSchema } from './user';

export const QueryKeyPartSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * One query the page will make first, already answered by the server while it rendered the HTML: the web
 * seeds its query cache with it before the first render, so the first paint waits for no API round trip.
 * `data` is exactly the body the API would have sent to this visitor.
 */
export const PreloadedQuerySchema = z.object({
  key: z.array(QueryKeyPartSchema).min(1),
  data: z.unknown(),
});
export type PreloadedQuery = z.infer<typeof PreloadedQuerySchema>;

/**
 * Inlined into index.html by the server as `<script id="boot-data" type="application/json">`, so the
 * first paint needs no round trip. The CSRF token travels in `<meta name="csrf-token">`.
 */
export const BootDataSchema = z.object({
  tenant: z.object({ domain: z.string(), isDefault: z.boolean(), config: TenantConfigSchema }),
  userStore: UserStoreSchema,
  onboarding: OnboardingBootDataSchema,
  notifications: NotificationBootDataSchema,
  /** Static CDN host for relative asset paths (avatars). Empty string: same origin. */
  staticHost: z.string(),
  environment: z.enum(['development', 'production', 'test']),
  /** Absent when the page's first queries could not be answered in advance (the page fetches them). */
  preloadedQueries: z.array(PreloadedQuerySchema).optional(),
});
export type BootData = z.infer<typeof BootDataSchema>;
