/**
 * Options of a select loaded from its apiEndpoint (spec §7: GET {apiEndpoint}, the token {{parentValue}}
 * replaced by the first dependency's value; the answer's data.options is a list of {label, value}, checked by
 * choice-schemas.ts's SelectOptionsResponseSchema).
 */
export const PARENT_VALUE_TOKEN = '{{parentValue}}';

/**
 * The address to load a select's options from, or null while the field it depends on has no value (an
 * address that needs the parent's value cannot be asked without it).
 */
export function selectOptionsUrl(apiEndpoint: string, parentValue: unknown): string | null {
  if (!apiEndpoint.includes(PARENT_VALUE_TOKEN)) return apiEndpoint;
  const isScalar = typeof parentValue === 'string' || typeof parentValue === 'number' || typeof parentValue === 'boolean';
  if (!isScalar || String(parentValue).trim() === '') return null;
  return apiEndpoint.split(PARENT_VALUE_TOKEN).join(encodeURIComponent(String(parentValue)));
}
