import { describe, expect, it } from 'vitest';
import { FormDefinitionSchema, FormItemSchema } from './form-definition';
import { FORM_ITEM_TYPES, isViewModeItemType } from './form-items';
import { conditionFields } from './visibility';

const section = (items: unknown[]) => ({ sections: [{ title: 'S', items }] });

describe('form definition schema (spec §3)', () => {
  it('accepts every edit-mode type with its options', () => {
    expect(FORM_ITEM_TYPES).toHaveLength(23);
    const parsed = FormDefinitionSchema.safeParse(
      section([
        { name: 'country', label: 'Country', type: 'select', selectOptions: { choices: [{ label: 'Canada', value: 'CA' }], choicesSortOrder: 'ascending' } },
        { name: 'state', type: 'dropdown', dependencies: ['country'], selectOptions: { apiEndpoint: '/api/states?country={{parentValue}}' } },
        { name: 'phone', type: 'phone', phoneOptions: { defaultCountryCode: 'CA' } },
        { name: 'start', type: 'date', dateOptions: { enableFrom: 0, enableUntil: '2030-01-01', picker: 'date' } },
        { name: 'work', type: 'dynamicList', dynamicListOptions: { items: [{ name: 'employer', type: 'text' }, { name: 'dates', type: 'dateRange', dateRangeOptions: { showCurrentCheck: true } }], addButton: { text: 'Add job' } } },
        { name: 'resume', type: 'fileUpload', fileUploadOptions: { uploadSize: 5, allowedTypes: ['pdf', '.docx'] } },
        { type: 'instruction', description: '<p>Read</p>', instructionOptions: { showReadMoreButton: true } },
        { name: 'sign', type: 'esignForm', additionalProperties: { url: 'https://esign.example.com/x', hosted: true } },
        { name: 'sin', type: 'sin', customValidator: 'sin', visibility: { all: [{ field: 'country', op: 'equals', value: 'CA' }, { not: { field: 'phone', op: 'empty' } }] } },
      ]),
    );
    expect(parsed.success).toBe(true);
  });

  it('keeps which jobs of a merged form asked a question', () => {
    expect(FormItemSchema.parse({ name: 'x', type: 'text', positionIds: [3, 4], positionTitle: 'Nurse' })).toMatchObject({ positionIds: [3, 4], positionTitle: 'Nurse' });
  });

  it('view mode drops e-sign and star rating', () => {
    expect(FORM_ITEM_TYPES.filter((type) => !isViewModeItemType(type))).toEqual(['esignForm', 'star_rating']);
  });

  it('rejects a regex rule that is not /pattern/flags or does not compile', () => {
    for (const value of ['^\\d+$', '/(unclosed/', '/a/q', '/a/ii', '/[z-a]/']) {
      expect(FormItemSchema.safeParse({ name: 'x', type: 'text', rules: [{ type: 'regex', value }] }).success, value).toBe(false);
    }
    expect(FormItemSchema.safeParse({ name: 'x', type: 'text', rules: [{ type: 'regex', value: '/^\\d+$/iu' }] }).success).toBe(true);
  });

  it('rejects rules whose value has the wrong shape', () => {
    expect(FormItemSchema.safeParse({ name: 'x', type: 'text', rules: [{ type: 'minLength', value: '3' }] }).success).toBe(false);
    expect(FormItemSchema.safeParse({ name: 'x', type: 'text', rules: [{ type: 'minLength', value: -1 }] }).success).toBe(false);
    expect(FormItemSchema.safeParse({ name: 'x', type: 'number', rules: [{ type: 'maxValue', value: Number.POSITIVE_INFINITY }] }).success).toBe(false);
    expect(FormItemSchema.safeParse({ name: 'x', type: 'text', rules: [{ type: 'checksum' }] }).success).toBe(false);
    expect(FormItemSchema.safeParse({ name: 'x', type: 'text', customValidator: 'eval' }).success).toBe(false);
  });

  it('needs names on answer items, unique across the form and within a row', () => {
    expect(FormItemSchema.safeParse({ type: 'text' }).success).toBe(false);
    expect(FormItemSchema.safeParse({ type: 'info' }).success).toBe(true);
    expect(FormItemSchema.safeParse({ name: 'a.b', type: 'text' }).success).toBe(false);
    expect(FormDefinitionSchema.safeParse({ sections: [{ title: 'A', items: [{ name: 'x', type: 'text' }] }, { title: 'B', items: [{ name: 'x', type: 'email' }] }] }).success).toBe(false);
    expect(FormItemSchema.safeParse({ name: 'l', type: 'dynamicList', dynamicListOptions: { items: [{ name: 'a', type: 'text' }, { name: 'a', type: 'text' }] } }).success).toBe(false);
  });

  it('a dynamic list needs row items and cannot nest another list', () => {
    expect(FormItemSchema.safeParse({ name: 'l', type: 'dynamicList' }).success).toBe(false);
    const nested = { name: 'l', type: 'dynamicList', dynamicListOptions: { items: [{ name: 'inner', type: 'dynamicList', dynamicListOptions: { items: [] } }] } };
    expect(FormItemSchema.safeParse(nested).success).toBe(false);
  });

  it('bounds visibility conditions: known operators, value shapes, depth', () => {
    const withCondition = (visibility: unknown) => FormItemSchema.safeParse({ name: 'x', type: 'text', visibility }).success;
    expect(withCondition({ field: 'a', op: 'equals', value: 'yes' })).toBe(true);
    expect(withCondition({ field: 'a', op: 'in', value: ['US', 'CA'] })).toBe(true);
    expect(withCondition({ field: 'a', op: 'in', value: 'US' })).toBe(false);
    expect(withCondition({ field: 'a', op: 'matches', value: '.*' })).toBe(false);
    expect(withCondition({ field: 'a', op: 'notEmpty', value: 1 })).toBe(false);
    expect(withCondition({ all: [] })).toBe(false);
    let deep: unknown = { field: 'a', op: 'isTrue' };
    for (let level = 0; level < 7; level += 1) deep = { not: deep };
    expect(withCondition(deep)).toBe(true);
    expect(withCondition({ not: deep })).toBe(false);
  });

  it('conditionFields lists what a condition reads', () => {
    expect(conditionFields({ any: [{ field: 'a', op: 'isTrue' }, { all: [{ field: 'b', op: 'empty' }, { not: { field: 'a', op: 'isFalse' } }] }] })).toEqual(['a', 'b']);
  });
});
