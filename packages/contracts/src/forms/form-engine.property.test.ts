/**
 * Property tests: the engine never throws, whatever a definition (that parses) and whatever JSON a
 * submission holds, and its verdicts stay within the definition.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FormDefinitionSchema, FormItemSchema, CustomValidatorSchema } from './form-definition';
import { FORM_ITEM_TYPES } from './form-items';
import { CUSTOM_VALIDATOR_NAMES } from './custom-validators';
import { pickVisibleValues, resolveVisibility, formItems, strayFields, validateForm, visibleSections } from './form-validation';
import { validateItem } from './form-rules';

const names = ['a', 'b', 'c', 'email', 'list', 'constructor', '__proto__'];
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constant(null));

const condition = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ field: fc.constantFrom(...names), op: fc.constantFrom('equals', 'notEquals'), value: scalar }),
    fc.record({ field: fc.constantFrom(...names), op: fc.constantFrom('in', 'notIn'), value: fc.array(scalar, { maxLength: 3 }) }),
    fc.record({ field: fc.constantFrom(...names), op: fc.constantFrom('notEmpty', 'empty', 'isTrue', 'isFalse') }),
    fc.record({ all: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ any: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie('node') }),
  ),
})).node;

const rule = fc.oneof(
  fc.record({ type: fc.constant('email'), value: fc.option(fc.boolean(), { nil: undefined }) }),
  fc.record({ type: fc.constant('phone'), value: fc.option(fc.boolean(), { nil: undefined }) }),
  fc.record({ type: fc.constant('regex'), value: fc.oneof(fc.constantFrom('/^a/', '/\\d+/g', '/(x+x+)+y/', '/^$/iu', '/[/'), fc.string({ maxLength: 10 }).map((body) => `/${body}/`)) }),
  fc.record({ type: fc.constantFrom('minLength', 'maxLength'), value: fc.integer({ min: 0, max: 10 }) }),
  fc.record({ type: fc.constantFrom('minValue', 'maxValue'), value: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }) }),
  fc.record({ type: fc.constantFrom('ssn', 'sin') }),
  fc.record({ type: fc.constantFrom('maxFileSizeMB', 'maxCumulativeFileSizeMB'), value: fc.double({ min: 0.000001, max: 5, noNaN: true }) }),
).chain((base) => fc.option(fc.string({ maxLength: 12 }), { nil: undefined }).map((message) => (message === undefined ? base : { ...base, message })));

const choices = fc.array(fc.record({ label: fc.string({ maxLength: 6 }), value: fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: 0, max: 3 }), fc.boolean()) }), { maxLength: 4 });

const rowItem = fc.record(
  {
    name: fc.constantFrom('x', 'y', 'a'),
    type: fc.constantFrom(...FORM_ITEM_TYPES.filter((type) => type !== 'dynamicList')),
    required: fc.boolean(),
    label: fc.string({ maxLength: 40 }),
    rules: fc.array(rule, { maxLength: 3 }),
    visibility: condition,
  },
  { requiredKeys: ['name', 'type'] },
);

const itemInput = fc.record(
  {
    name: fc.constantFrom(...names),
    type: fc.constantFrom(...FORM_ITEM_TYPES),
    label: fc.string({ maxLength: 40 }),
    required: fc.boolean(),
    rules: fc.array(rule, { maxLength: 4 }),
    visibility: condition,
    customValidator: fc.oneof(fc.constantFrom(...CUSTOM_VALIDATOR_NAMES), fc.record({ name: fc.constantFrom(...CUSTOM_VALIDATOR_NAMES), message: fc.string({ maxLength: 5 }) })),
    selectOptions: fc.record({ choices, apiEndpoint: fc.constant('/api/x') }, { requiredKeys: [] }),
    radioOptions: fc.record({ choices }),
    checkboxOptions: fc.record({ choices }),
    dateOptions: fc.record({ enableFrom: fc.oneof(fc.integer({ min: -400, max: 400 }), fc.constant('2026-01-01')), enableUntil: fc.integer({ min: -400, max: 400 }) }, { requiredKeys: [] }),
    phoneOptions: fc.record({ defaultCountryCode: fc.constantFrom('US', 'GB', 'CA', 'ZZ', 'DE') }),
    emailOptions: fc.record({ strict: fc.boolean() }),
    fileUploadOptions: fc.record({ uploadSize: fc.double({ min: 0.001, max: 2, noNaN: true }), allowedTypes: fc.array(fc.constantFrom('pdf', '.docx', 'png'), { minLength: 1, maxLength: 2 }) }, { requiredKeys: [] }),
    dynamicListOptions: fc.record({ items: fc.uniqueArray(rowItem, { selector: (row) => row.name, maxLength: 3 }) }),
  },
  { requiredKeys: ['type'] },
);

const fileEntry = fc.record(
  {
    uid: fc.string({ maxLength: 4 }),
    name: fc.constantFrom('cv.pdf', 'a.exe', 'noext', 'b.DOCX', ''),
    size: fc.oneof(fc.nat(), fc.integer()),
    type: fc.string({ maxLength: 4 }),
    content: fc.oneof(fc.base64String({ maxLength: 40 }), fc.string({ maxLength: 8 })),
    status: fc.constantFrom('done', 'error', 'uploading'),
  },
  { requiredKeys: [] },
);

/** Values that reach deep paths as well as any JSON at all. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('', ' ', '+1', '+1 415 555 2671', '123-45-6789', '123-456-789', 'ada@example.com', '2024-02-29', '2023-02-30', '2020-05', 'N/A', '1e999'),
  fc.record({ startDate: fc.constantFrom(null, '', '2020-01', '2020-01-31', 'x', 3), endDate: fc.constantFrom(null, '2021-02', '2019-12-31', undefined), isCurrent: fc.boolean() }, { requiredKeys: [] }),
  fc.array(fileEntry, { maxLength: 3 }),
  fc.array(fc.dictionary(fc.constantFrom('x', 'y', 'a'), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }),
  fc.integer({ min: 0, max: 6 }),
  fc.double(),
);

const parsedItem = itemInput.map((input) => FormItemSchema.safeParse(input)).filter((parsed) => parsed.success).map((parsed) => parsed.data!);

/** Items with distinct names (a definition's names are unique), dealt into one to three sections. */
const parsedDefinition = fc
  .tuple(fc.uniqueArray(itemInput, { selector: (item) => item.name, maxLength: 7 }), fc.integer({ min: 1, max: 3 }))
  .map(([items, sectionCount]) => {
    const sections = Array.from({ length: sectionCount }, (_, index) => ({ title: `S${index}`, items: items.filter((_, position) => position % sectionCount === index) }));
    return FormDefinitionSchema.safeParse({ sections });
  })
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data!);

const context = fc.record({ today: fc.constantFrom('2026-11-25', 'garbage', '2024-02-29'), defaultCountry: fc.constantFrom('US', 'GB', 'XX') }, { requiredKeys: [] });

describe('the engine never throws (T16 groundwork)', () => {
  it('parsing any JSON as a definition or an item answers, never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        FormDefinitionSchema.safeParse(json);
        FormItemSchema.safeParse(json);
        CustomValidatorSchema.safeParse(json);
      }),
      { numRuns: 500 },
    );
  });

  it('validateItem answers null or a complete error for any parsed item and any value', () => {
    fc.assert(
      fc.property(parsedItem, anyValue, context, (item, value, ctx) => {
        const first = validateItem(item, value, ctx);
        expect(validateItem(item, value, ctx)).toEqual(first);
        if (first !== null) {
          expect(first.key).toMatch(/^forms:errors\.\w+$/);
          expect(typeof first.message).toBe('string');
          expect(first.message.length).toBeGreaterThan(0);
          // Every placeholder is filled (unless a filled-in label or message itself holds braces).
          if (!Object.values(first.params).some((param) => String(param).includes('{'))) expect(first.message).not.toMatch(/\{\w+\}/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('validateForm, pickVisibleValues and strayFields stay within the visible definition', () => {
    const valuesArb = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...names, 'stray'), anyValue));
    fc.assert(
      fc.property(parsedDefinition, valuesArb, context, (definition, values, ctx) => {
        const errors = validateForm(definition, values, ctx);
        const { hidden } = resolveVisibility(formItems(definition), values);
        const visibleNames = formItems(definition).flatMap((item) => (item.name !== undefined && !hidden.has(item.name) ? [item.name] : []));
        for (const key of Object.keys(errors)) expect(visibleNames).toContain(key.split('.')[0]);
        const picked = pickVisibleValues(definition, values);
        for (const key of Object.keys(picked)) expect(visibleNames).toContain(key);
        const stray = strayFields(definition, values);
        for (const key of [...stray.hidden, ...stray.unknown]) expect(Object.prototype.hasOwnProperty.call(picked, key)).toBe(false);
        visibleSections(definition, values);
      }),
      { numRuns: 1000 },
    );
  });
});
