import { z } from 'zod';

export const PROFILE_LOCATION_MAX_LENGTH = 120;

/**
 * POST /api/pcsx/profile_bootstrap (spec §2 "not bootstrapped sees a profile bootstrapping screen").
 * With `skip: true` the names may be left out and nothing but the bootstrapped flag changes.
 * Answers AuthState.
 */
export const ProfileBootstrapRequestSchema = z
  .object({
    firstName: z.string().trim().max(100, 'Use no more than 100 characters').optional(),
    lastName: z.string().trim().max(100, 'Use no more than 100 characters').optional(),
    location: z
      .string()
      .trim()
      .max(PROFILE_LOCATION_MAX_LENGTH, `Use no more than ${PROFILE_LOCATION_MAX_LENGTH} characters`)
      .optional(),
    skip: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.skip) return;
    if (!value.firstName) context.addIssue({ code: 'custom', path: ['firstName'], message: 'First name is required' });
    if (!value.lastName) context.addIssue({ code: 'custom', path: ['lastName'], message: 'Last name is required' });
  });
export type ProfileBootstrapRequest = z.input<typeof ProfileBootstrapRequestSchema>;
