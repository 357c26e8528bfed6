import { lazySchema } from '../../lib/lazy-schema';

/**
 * The check of a select's fetched options (spec §7 per-select apiEndpoint, and the search dropdown): its
 * schema loads with the first options asked for, so a form page builds no zod while it hydrates (P6).
 */
export const selectOptionsAnswer = lazySchema(() => import('./select-options-schemas'), 'SelectOptionsResponseSchema');
