/** The forms center's list schema, loaded with the first answer it checks (lib/lazy-schema.ts). */
export { FormsListResponseSchema } from '@careers/contracts';
