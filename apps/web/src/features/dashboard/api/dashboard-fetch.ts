import { DashboardMessages } from '@careers/contracts';
import { http, type ResponseSchema } from '../../../lib/http';

/**
 * spec §8 "Other fetchers log and rethrow: Failed to fetch data, Failed to fetch dashboard nudges": the cause is
 * logged for whoever debugs, and the screen gets the spec's message.
 */
export async function fetchDashboardData<T>(
  path: string,
  schema: ResponseSchema<T>,
  signal?: AbortSignal,
  message: string = DashboardMessages.fetchFailed,
): Promise<T> {
  try {
    return await http.get(path, { signal }, schema);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(message, error);
    throw new Error(message, { cause: error });
  }
}
