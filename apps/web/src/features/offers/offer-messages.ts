import { OfferMessages } from '@careers/contracts';
import type { TFunction } from 'i18next';

/** Catalogue keys of the contract messages the shared validators return (they speak English, §5). */
const VALIDATION_KEYS: Readonly<Record<string, string>> = {
  [OfferMessages.required]: 'letter.sign.required',
  [OfferMessages.enterFullName]: 'letter.sign.enterFullName',
};

/** A validator's message in the reader's language; an unknown message is shown as given. */
export function translateValidationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = VALIDATION_KEYS[message];
  return key ? t(key, { ns: 'offers' }) : message;
}
