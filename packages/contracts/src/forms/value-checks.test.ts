/** Each plain value check (value-checks.ts) says yes exactly when its schema (value-shapes.ts) does. */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ChoiceValueSchema, type ChoiceSchema } from './choice-schemas';
import type { Choice, ChoiceValue } from './form-items';
import type { ConditionScalar, VisibilityCondition } from './visibility';
import type { VisibilityConditionSchema } from './visibility-schema';
import {
  isCheckboxGroupValue,
  isChoiceValue,
  isDateRangeValue,
  isDynamicListValue,
  isFileListValue,
  isSkillsValue,
  isStarRatingValue,
  isTextValue,
  type DateRangeValue,
  type UploadedFileEntry,
} from './value-checks';
import {
  CheckboxGroupValueSchema,
  DateRangeValueSchema,
  DynamicListValueSchema,
  FileListValueSchema,
  SkillsValueSchema,
  StarRatingValueSchema,
  TextValueSchema,
  type UploadedFileEntrySchema,
} from './value-shapes';

const odd = fc.constantFrom(undefined, null, Number.NaN, Number.POSITIVE_INFINITY, -0, 1.5, 2 ** 53, '', ' ', ' a ', 'x'.repeat(201), new Date(0), [], {});
const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -3, max: 8 }), fc.double(), fc.boolean(), odd);
const date = fc.constantFrom('2024-02-29', '2024-13-01', '2024-06', '2024-6-1', '1999-12-31', '', null, undefined, 20240101);
const fileEntry = fc.record(
  {
    uid: fc.oneof(fc.string({ maxLength: 4 }), scalar),
    name: fc.oneof(fc.constantFrom('cv.pdf', '', 'n'.repeat(256)), scalar),
    size: fc.oneof(fc.constantFrom(0, 10, -1, 1.5, 2 ** 53, Number.NaN), scalar),
    type: fc.oneof(fc.constantFrom('application/pdf', ''), scalar),
    lastModified: fc.oneof(fc.constant(undefined), fc.double(), scalar),
    webkitRelativePath: fc.oneof(fc.constant(undefined), fc.constantFrom('', 'p'.repeat(1001)), scalar),
    content: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 6 }), scalar),
    status: fc.oneof(fc.constantFrom('done', 'uploading', 's'.repeat(21)), scalar),
    extra: scalar,
  },
  { requiredKeys: [] },
);
const anyValue = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.record({ startDate: date, endDate: date, isCurrent: fc.oneof(fc.boolean(), scalar), other: scalar }, { requiredKeys: [] }),
  fc.array(fc.oneof(fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 3 }), scalar), { maxLength: 3 }),
  fc.array(fileEntry, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const pairs = [
  ['text', isTextValue, TextValueSchema],
  ['choice', isChoiceValue, ChoiceValueSchema],
  ['checkbox group', isCheckboxGroupValue, CheckboxGroupValueSchema],
  ['date range', isDateRangeValue, DateRangeValueSchema],
  ['dynamic list', isDynamicListValue, DynamicListValueSchema],
  ['skills', isSkillsValue, SkillsValueSchema],
  ['star rating', isStarRatingValue, StarRatingValueSchema],
  ['file list', isFileListValue, FileListValueSchema],
] as const;

describe('the plain value checks', () => {
  for (const [name, check, schema] of pairs) {
    it(`${name}: agrees with its schema on 3,000 random values`, () => {
      fc.assert(
        fc.property(anyValue, (value) => {
          expect(check(value)).toBe(schema.safeParse(value).success);
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('knows the limits the schemas set', () => {
    expect(isTextValue('x'.repeat(100000))).toBe(true);
    expect(isTextValue('x'.repeat(100001))).toBe(false);
    expect(isSkillsValue(['  TypeScript ', 'React'])).toBe(true);
    expect(isSkillsValue(['   '])).toBe(false);
    expect(isStarRatingValue(5)).toBe(true);
    expect(isStarRatingValue(6)).toBe(false);
    expect(isDateRangeValue({ startDate: '2020-01', endDate: null, isCurrent: true })).toBe(true);
    expect(isDateRangeValue({ startDate: '2020-00' })).toBe(false);
    expect(isFileListValue([{ uid: '1', name: 'cv.pdf', size: 10, type: 'application/pdf', status: 'done' }])).toBe(true);
    expect(isFileListValue([{ uid: '1', name: '', size: 10, type: 'application/pdf', status: 'done' }])).toBe(false);
    expect(isDynamicListValue(Array.from({ length: 201 }, () => ({})))).toBe(false);
  });
});

describe('the plain types', () => {
  it('are exactly what their schemas read', () => {
    expectTypeOf<z.output<typeof DateRangeValueSchema>>().toEqualTypeOf<DateRangeValue>();
    expectTypeOf<z.output<typeof UploadedFileEntrySchema>>().toEqualTypeOf<UploadedFileEntry>();
    expectTypeOf<z.output<typeof ChoiceValueSchema>>().toEqualTypeOf<ChoiceValue>();
    expectTypeOf<z.output<typeof ChoiceSchema>>().toEqualTypeOf<Choice>();
    expectTypeOf<z.output<typeof VisibilityConditionSchema>>().toEqualTypeOf<VisibilityCondition>();
    expectTypeOf<ConditionScalar>().toEqualTypeOf<string | number | boolean | null>();
  });
});
