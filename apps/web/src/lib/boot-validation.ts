import { BootDataSchema } from '@careers/contracts';
import type { BootDataResult } from './boot-data';

/** The full contract check of boot data; loaded in its own chunk after the first render. */
export function validateBootData(data: unknown): BootDataResult {
  const result = BootDataSchema.safeParse(data);
  return result.success ? { ok: true, data: result.data } : { ok: false, error: new Error(`Invalid boot data: ${result.error.message}`) };
}
