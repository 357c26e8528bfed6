/** The account calls' response schemas: they load with the first answer they check (answers.ts). */
export { AuthStateSchema, PasswordResetAnswerSchema } from '@careers/contracts';
