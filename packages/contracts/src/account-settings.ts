import { z } from 'zod';
import { UserPreferencesSchema } from './user';

/**
 * Issue 11 "Settings and their own data" and issue 13 "Locale choice": the candidate's preferences, the
 * "Download all my data" job and "Delete my account". Which locales and time zones exist is checked by the
 * server (packages/i18n's list, the runtime's IANA zones): an unknown one is a field error there.
 */

/** A BCP 47 tag as the locale list spells them ("en", "es-419", "zh-TW"). */
const LOCALE_CODE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/;
/** An IANA zone name ("Europe/London", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC"). */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** locale null: chosen per visit (hl, the browser's languages, the tenant's default); timeZone null: the browser's. */
export const CandidatePreferencesSchema = UserPreferencesSchema;
export type CandidatePreferences = z.infer<typeof CandidatePreferencesSchema>;

/** POST /api/account/preferences: any subset of the fields; absent ones keep their value. */
export const UpdatePreferencesRequestSchema = z
  .object({
    locale: z.string().regex(LOCALE_CODE, 'Choose a language from the list').nullable().optional(),
    timeZone: z.string().regex(TIME_ZONE, 'Choose a time zone from the list').nullable().optional(),
    emailNotifications: z.boolean().optional(),
    inAppNotifications: z.boolean().optional(),
  })
  .strict();
export type UpdatePreferencesRequest = z.input<typeof UpdatePreferencesRequestSchema>;

export const PreferencesResponseSchema = z.object({ preferences: CandidatePreferencesSchema });
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;

/** The field errors of a refused preference (spec-less texts; the web shows its own translations by code). */
export const PreferenceMessages = {
  unknownLocale: 'Choose a language from the list',
  unknownTimeZone: 'Choose a time zone from the list',
} as const;

export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a ready archive stays downloadable. */
export const DATA_EXPORT_TTL_MS = 24 * 60 * 60 * 1000;

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Bytes of the zip, once ready. */
  size: z.number().int().nullable(),
  /** Where the zip is downloaded from while ready; null otherwise. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** GET /api/account/data_export (the latest job, or null) and POST (a new one, 202). */
export const DataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof DataExportResponseSchema>;

/** POST /api/account/delete: the account's email address or its password, as the candidate typed it. */
export const DeleteAccountRequestSchema = z.object({
  confirmation: z.string({ error: 'Type your email address or password to confirm' }).min(1, 'Type your email address or password to confirm').max(320),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

export const DeletionMessages = {
  confirmationMismatch: 'That is not your email address or password',
} as const;

/** What deleting did, per section of the account's data: rows removed, rows kept (anonymised or required). */
export const DeleteAccountResponseSchema = z.object({
  deleted: z.literal(true),
  sections: z.record(z.string(), z.object({ removed: z.number().int(), kept: z.number().int() })),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponseSchema>;
