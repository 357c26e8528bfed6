import { z } from 'zod';
import { PositionIdSchema, PositionIdTextSchema } from './positions';

/**
 * spec §3 "Job cart" and §7 GET/POST /api/pcsx/job_cart. The client reads `data.data.jobCartData`
 * (spec §7), i.e. the JSON body is `{ data: { jobCartData, invalidPositionIds } }`.
 */

/** One request changes at most this many ids, and a cart holds at most this many items (our limits). */
export const JOB_CART_MAX_PIDS_PER_REQUEST = 50;
export const JOB_CART_MAX_ITEMS = 100;

export const JobCartItemSchema = z.object({ id: PositionIdSchema });
export type JobCartItem = z.infer<typeof JobCartItemSchema>;

export const JobCartSchema = z.object({
  /** Oldest addition first. */
  jobCartData: z.array(JobCartItemSchema),
  /** Ids of the request (POST) or of the stored cart (GET) that are unknown or archived. */
  invalidPositionIds: z.array(PositionIdSchema),
});
export type JobCart = z.infer<typeof JobCartSchema>;

export const JobCartResponseSchema = z.object({ data: JobCartSchema });
export type JobCartResponse = z.infer<typeof JobCartResponseSchema>;

export const JobCartQuerySchema = z.object({ domain: z.string().max(253).optional() });

/** spec §7: body pids (strings), operation (add or remove), domain. Duplicates collapse. */
export const JobCartUpdateBodySchema = z.object({
  pids: z
    .array(PositionIdTextSchema)
    .min(1, 'Give at least one position id')
    .max(JOB_CART_MAX_PIDS_PER_REQUEST, `Give at most ${JOB_CART_MAX_PIDS_PER_REQUEST} position ids`)
    .transform((ids) => [...new Set(ids)]),
  operation: z.enum(['add', 'remove']),
  domain: z.string().max(253).optional(),
});
export type JobCartUpdateBody = z.input<typeof JobCartUpdateBodySchema>;
export type JobCartUpdate = z.output<typeof JobCartUpdateBodySchema>;
