/**
 * Tenant or candidate text in one of our sentences that can only be a string (an aria-label, a title, a
 * field's error) is isolated with U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE (issue 13);
 * an accessible name or a text holding it reads "Remove ⁨Python⁩", so that is what specs ask for.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
