/** SSN and SIN (spec §5): their formats and the as-you-type formatting the inputs apply. */

export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;
export const SIN_PATTERN = /^\d{3}-\d{3}-\d{3}$/;

export function isSsn(value: string): boolean {
  return SSN_PATTERN.test(value);
}

export function isSin(value: string): boolean {
  return SIN_PATTERN.test(value);
}

/** Groups the digits typed so far by `groups`, dropping anything else: formatDigits('1234', [3, 2, 4]) = '123-4'. */
function formatDigits(input: string, groups: readonly number[]): string {
  const max = groups.reduce((sum, size) => sum + size, 0);
  const digits = input.replace(/\D/g, '').slice(0, max);
  const parts: string[] = [];
  let offset = 0;
  for (const size of groups) {
    if (offset >= digits.length) break;
    parts.push(digits.slice(offset, offset + size));
    offset += size;
  }
  return parts.join('-');
}

/** SSN as typed: ddd-dd-dddd, at most 11 characters ('123456789' → '123-45-6789'). */
export function formatSsn(input: string): string {
  return formatDigits(input, [3, 2, 4]);
}

/** SIN as typed: ddd-ddd-ddd ('123456789' → '123-456-789'). */
export function formatSin(input: string): string {
  return formatDigits(input, [3, 3, 3]);
}
