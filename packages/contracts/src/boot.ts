import { z } from 'zod';
import { TenantConfigSchema } from './config';
import { NotificationBootDataSchema, OnboardingBootDataSchema, UserStoreSchema } from './user';

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
});
export type BootData = z.infer<typeof BootDataSchema>;
