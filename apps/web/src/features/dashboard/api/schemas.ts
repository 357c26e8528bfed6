import { ApplicationSummarySchema } from '@careers/contracts';
import { z } from 'zod';

/**
 * The dashboard's response schemas, loaded with the first answer they check (lib/lazy-schema.ts): the
 * dashboard's first answers are inlined by the server, so its load carries no zod.
 */
export {
  DashboardApplicationsResponseSchema,
  DashboardEventsResponseSchema,
  DashboardInterviewsResponseSchema,
  DashboardReferralsResponseSchema,
  DraftApplicationsResponseSchema,
  NudgesResponseSchema,
} from '@careers/contracts';

/** POST /api/pcsx/applications/:id/withdraw: the application as it stands afterwards. */
export const WithdrawResponseSchema = z.object({ data: ApplicationSummarySchema });
