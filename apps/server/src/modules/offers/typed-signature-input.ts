import { OfferMessages, TYPED_SIGNATURE_MAX_LENGTH } from '@careers/contracts';
import { ValidationError } from '../../errors';

/**
 * The agree-and-sign fields as sent (spec §5 "Inline sign form"; the hosted e-sign page sends the same):
 * `agreed` ticked (true, or "true" from multipart) and a non-blank `signature` of at most 200 characters,
 * with the spec's messages. Whether the name equals the profile's is the service's rule, checked after the
 * offer's state.
 */
export function typedSignatureFrom(fields: Record<string, unknown>): string | null {
  const { agreed, signature } = fields;
  if (agreed === undefined && signature === undefined) return null;
  return requireTypedSignature(fields);
}

export function requireTypedSignature(fields: Record<string, unknown>): string {
  const { agreed, signature } = fields;
  const errors: Record<string, string> = {};
  if (agreed !== true && agreed !== 'true') errors.agreed = OfferMessages.required;
  if (typeof signature !== 'string' || signature.trim() === '') errors.signature = OfferMessages.required;
  else if (signature.length > TYPED_SIGNATURE_MAX_LENGTH) errors.signature = `Enter no more than ${TYPED_SIGNATURE_MAX_LENGTH} characters`;
  else if (signature.includes('\u0000')) errors.signature = 'Contains a character that is not allowed';
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new ValidationError(errors, first);
  return signature as string;
}
