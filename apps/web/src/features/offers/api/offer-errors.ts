import { Messages, OfferMessages } from '@careers/contracts';
import type { TFunction } from 'i18next';
import { ApiError, ClientErrorCode } from '../../../lib/http';
import { errorMessage } from '../../../lib/errors';

/** spec §8 "Request helper defaults": what a failed offers call says when the server said nothing. */
export const OfferRequestDefault = {
  acceptOffer: { code: 'problem_accepting_offer', message: OfferMessages.problemAcceptingOffer },
  acceptDocument: { code: 'problem_accepting_document', message: OfferMessages.problemAcceptingDocument },
  rejectOffer: { code: 'problem_rejecting_offer', message: OfferMessages.problemRejectingOffer },
} as const;
type RequestDefault = (typeof OfferRequestDefault)[keyof typeof OfferRequestDefault];

const hasNoServerMessage = (error: ApiError): boolean =>
  error.code === ClientErrorCode.network || error.message === Messages.problemWithRequest;

/** Runs an offers call; a failure without a server message rejects with the helper's default instead. */
export async function withRequestDefault<T>(call: Promise<T>, fallback: RequestDefault): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && hasNoServerMessage(error)) {
      throw new ApiError(fallback.message, error.status, fallback.code, error.fields);
    }
    throw error;
  }
}

const DEFAULT_CODES: ReadonlySet<string> = new Set(Object.values(OfferRequestDefault).map((entry) => entry.code));

/**
 * spec §8 Offers: "the server message, else Something went wrong when ...". A failure the server explained
 * shows its words; one it did not (the request helper's default: network down, an empty answer) shows ours.
 * Client-side conditions (rate limit, timed-out session, CSRF) keep their own translated words.
 */
export function offerFailureMessage(t: TFunction, error: unknown, fallback: 'acceptFailed' | 'declineFailed'): string {
  if (!(error instanceof ApiError) || DEFAULT_CODES.has(error.code) || error.message.trim() === '') {
    return t(`toasts.${fallback}`, { ns: 'offers' });
  }
  return errorMessage(t, error);
}
