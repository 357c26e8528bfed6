import { describe, expect, it } from 'vitest';
import { APPLY_MAX_POSITIONS, readPositionIdList } from './application-rules';
import { PositionIdListTextSchema } from './applications';

describe('readPositionIdList', () => {
  it('reads comma-joined ids, trimmed, duplicates collapsed in order', () => {
    expect(readPositionIdList('3, 1,3 ,2')).toEqual([3, 1, 2]);
    expect(readPositionIdList(' 42 ')).toEqual([42]);
  });

  it('names nothing for empty text, a part that is not an id, or too many ids', () => {
    for (const text of ['', '  ', '1,', ',1', '1,,2', '0', '-1', '1.5', 'a', '1;2', '0012', '1234567890123456']) expect(readPositionIdList(text)).toBeNull();
    const many = Array.from({ length: APPLY_MAX_POSITIONS + 1 }, (_, index) => index + 1).join(',');
    expect(readPositionIdList(many)).toBeNull();
    expect(readPositionIdList(many.replace(/,\d+$/, ''))).toHaveLength(APPLY_MAX_POSITIONS);
  });

  it('reads every text exactly as the server schema does', () => {
    const pieces = ['1', '2', '07', ' 3', '4 ', '', ' ', 'x', '9'.repeat(15), '9'.repeat(16), '-5', '1e3'];
    const texts: string[] = [];
    for (let seed = 1; seed <= 2000; seed += 1) {
      let state = seed;
      const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
      const count = next() % 25;
      texts.push(Array.from({ length: count }, () => pieces[next() % pieces.length]).join(','));
    }
    for (const text of texts) {
      const parsed = PositionIdListTextSchema.safeParse(text);
      expect(readPositionIdList(text), text).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
