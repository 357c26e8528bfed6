/** Who is signed in: its schema loads with the first answer it checks (lib/lazy-schema.ts). */
export { AuthStateSchema } from '@careers/contracts';
