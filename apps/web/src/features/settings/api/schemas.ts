/** The account settings' response schemas, loaded with the first answer they check (lib/lazy-schema.ts). */
export {
  DataExportResponseSchema,
  DeleteAccountResponseSchema,
  PreferencesResponseSchema,
  RevokeOtherSessionsResponseSchema,
  SessionListResponseSchema,
} from '@careers/contracts';
