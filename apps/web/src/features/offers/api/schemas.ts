/**
 * The offers' response schemas, loaded with the first answer they check (lib/lazy-schema.ts): the offers
 * pages' first answers are inlined by the server, so their load carries no zod.
 */
export { EsignStatusResponseSchema, EsignTokenResponseSchema, OfferActionResponseSchema, OfferDetailResponseSchema, OffersListResponseSchema } from '@careers/contracts';
