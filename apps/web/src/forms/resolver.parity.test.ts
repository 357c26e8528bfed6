/**
 * T16 validator parity: for each rule, 10,000 random inputs judged by the browser's entry point (the
 * react-hook-form resolver, messages through the i18n catalogue) and by the server's (judgeSubmission, and
 * validateForm + pickVisibleValues as the applications module calls them; English text): the same fields fail
 * with the same words, and the same values are kept. 100% agreement.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FORM_ERROR_MESSAGES_EN, FormDefinitionSchema, judgeSubmission, pickVisibleValues, validateForm, type FormDefinitionInput } from '@careers/contracts';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { createI18n } from '../lib/i18n';
import { registerScreenCatalogue } from '../lib/screen-catalogue';
import { FORMS_CATALOGUE_EN, FORMS_NS, translateFieldError } from './forms-i18n';
import { formEngineResolver } from './resolver';

const RUNS = 10_000;
const context = { today: '2026-11-25', defaultCountry: 'US' };

const i18n = createI18n();
registerScreenCatalogue(i18n, FORMS_NS, FORMS_CATALOGUE_EN);
const t = i18n.getFixedT('en');

/** Leaves of react-hook-form's nested errors, back to engine paths. */
function flatten(errors: FieldErrors, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, node] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof node !== 'object' || node === null) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type, engine, ref, ...children } = node as Record<string, unknown>;
    void type;
    void engine;
    void ref;
    // The browser isolates a field's label and file names in its messages (issue 13); the words are the server's.
    if (typeof message === 'string') flat[path] = message.replace(/[\u2068\u2069]/g, '');
    Object.assign(flat, flatten(children as FieldErrors, path));
  }
  return flat;
}

function messagesOf(errors: Record<string, { message: string }>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, error]) => [path, error.message]));
}

const resolverOptions = { criteriaMode: 'firstError', fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<Record<string, unknown>>;

async function checkParity(input: FormDefinitionInput, values: fc.Arbitrary<unknown>) {
  const definition = FormDefinitionSchema.parse(input);
  const resolver = formEngineResolver<Record<string, unknown>>(definition, { context, translate: (error) => translateFieldError(t, error) });
  let rejected = 0;
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(values, async (body) => {
      const browser = await resolver(body as Record<string, unknown>, undefined, resolverOptions);
      const server = judgeSubmission(definition, body, context);
      // The applications module calls validateForm and pickVisibleValues itself: the same verdict.
      const direct = validateForm(definition, body, context);
      expect(messagesOf(direct)).toEqual(server.ok ? {} : messagesOf(server.errors));
      if (server.ok) expect(pickVisibleValues(definition, body)).toEqual(server.values);
      if (server.ok) {
        accepted += 1;
        expect(flatten(browser.errors)).toEqual({});
        expect(browser.values).toEqual(server.values);
      } else {
        rejected += 1;
        expect(flatten(browser.errors)).toEqual(messagesOf(server.errors));
      }
    }),
    { numRuns: RUNS },
  );
  // Both verdicts occurred: the comparison covered passing and failing inputs alike.
  expect(accepted).toBeGreaterThan(0);
  expect(rejected).toBeGreaterThan(0);
}

const single = (item: Record<string, unknown>): FormDefinitionInput => ({ sections: [{ title: 'S', items: [{ name: 'f', label: 'Field', ...item }] as never }] });
const body = (value: fc.Arbitrary<unknown>) => fc.oneof(value.map((f) => ({ f })), fc.jsonValue({ maxDepth: 2 }).map((f) => ({ f })), fc.constant({}));
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^[\w.+-]{0,8}@[\w-]{0,8}(\.[a-z]{0,4}){0,2}$/), fc.emailAddress());
const phoneText = fc.oneof(fc.stringMatching(/^\+?[0-9 ().-]{0,16}$/), fc.constantFrom('+1 415 555 2671', '4155552671', '+44 20 7946 0958', '+999 1', 'abc'), fc.string({ maxLength: 12 }));
const date = fc.oneof(fc.date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('2023-02-30', '2020-05', '', 'x'));
const fileEntry = fc.record({
  uid: fc.string({ maxLength: 3 }),
  name: fc.constantFrom('cv.pdf', 'a.exe', 'b.DOCX', 'noext', 'p.png'),
  size: fc.nat({ max: 3_000_000 }),
  type: fc.constant('application/octet-stream'),
  content: fc.oneof(fc.nat({ max: 400 }).map((n) => 'AQEB'.repeat(n)), fc.constant('not base64!')),
  status: fc.constantFrom('done', 'done', 'done', 'error'),
});
const files = fc.array(fileEntry, { maxLength: 4 });

describe('T16: browser resolver and server judgeSubmission agree on 10,000 random inputs per rule', () => {
  it('the catalogue says what the engine says', () => {
    expect(FORMS_CATALOGUE_EN.errors).toEqual(FORM_ERROR_MESSAGES_EN);
  });

  const cases: [string, FormDefinitionInput, fc.Arbitrary<unknown>][] = [
    ['required text', single({ type: 'text', required: true }), body(fc.constantFrom('', ' ', 'a', null))],
    ['email (simple)', single({ type: 'text', rules: [{ type: 'email' }] }), body(text)],
    ['email (strict)', single({ type: 'email', emailOptions: { strict: true } }), body(text)],
    ['phone (non-strict)', single({ type: 'text', rules: [{ type: 'phone' }] }), body(fc.oneof(phoneText, fc.string({ maxLength: 6 }).map((s) => `${s}555`)))],
    ['phone (strict)', single({ type: 'text', rules: [{ type: 'phone', value: true }] }), body(phoneText)],
    ['form phone', single({ type: 'phone', required: true }), body(phoneText)],
    ['regex', single({ type: 'text', rules: [{ type: 'regex', value: '/^[A-Z]\\d{2}$/i' }] }), body(fc.oneof(fc.stringMatching(/^[a-zA-Z]?\d{0,3}$/), text))],
    ['minLength', single({ type: 'textarea', rules: [{ type: 'minLength', value: 3 }] }), body(fc.string({ maxLength: 6 }))],
    ['maxLength', single({ type: 'text', rules: [{ type: 'maxLength', value: 3 }] }), body(fc.string({ maxLength: 6 }))],
    ['minValue', single({ type: 'number', rules: [{ type: 'minValue', value: 18 }] }), body(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }).map(String), fc.double()))],
    ['maxValue', single({ type: 'number', rules: [{ type: 'maxValue', value: 2.5 }] }), body(fc.oneof(fc.double({ min: 0, max: 5 }), fc.string({ maxLength: 4 })))],
    ['ssn', single({ type: 'ssn' }), body(fc.oneof(fc.stringMatching(/^\d{3}-\d{2}-\d{4}$/), fc.stringMatching(/^[\d-]{0,12}$/)))],
    ['sin', single({ type: 'sin' }), body(fc.oneof(fc.stringMatching(/^\d{3}-\d{3}-\d{3}$/), fc.stringMatching(/^[\d-]{0,12}$/)))],
    ['date range', single({ type: 'dateRange' }), body(fc.record({ startDate: fc.option(date), endDate: fc.option(date), isCurrent: fc.boolean() }, { requiredKeys: [] }))],
    ['date bounds', single({ type: 'date', dateOptions: { enableFrom: 0, enableUntil: 90 } }), body(date)],
    ['file count', single({ type: 'fileUpload', rules: [{ type: 'minLength', value: 1 }, { type: 'maxLength', value: 2 }] }), body(files)],
    ['file size', single({ type: 'fileUpload', rules: [{ type: 'maxFileSizeMB', value: 0.001 }] }), body(files)],
    ['cumulative size', single({ type: 'fileUpload', rules: [{ type: 'maxCumulativeFileSizeMB', value: 0.002 }] }), body(files)],
    ['allowed types', single({ type: 'file_upload', fileUploadOptions: { allowedTypes: ['pdf', 'png'] } }), body(files)],
    ['dynamic list rows', {
      sections: [{ title: 'S', items: [{ name: 'f', type: 'dynamicList', rules: [{ type: 'minLength', value: 1 }, { type: 'maxLength', value: 2 }], dynamicListOptions: { items: [{ name: 'employer', label: 'Employer', type: 'text', required: true }, { name: 'dates', type: 'dateRange' }] } }] }],
    }, body(fc.array(fc.record({ employer: fc.string({ maxLength: 3 }), dates: fc.record({ startDate: fc.option(date), endDate: fc.option(date) }) }, { requiredKeys: [] }), { maxLength: 3 }))],
    ['select options', single({ type: 'select', required: true, selectOptions: { choices: [{ label: 'One', value: 1 }, { label: 'Two', value: 'two' }] } }), body(fc.constantFrom(1, '1', 'two', 'three', '', null, 2, true))],
    ['radio required', single({ type: 'radio', required: true, radioOptions: { choices: [{ label: 'Yes', value: true }, { label: 'No', value: false }] } }), body(fc.constantFrom(true, false, '', null, 'yes'))],
    ['checkbox group', single({ type: 'checkboxItem', rules: [{ type: 'minLength', value: 2 }], checkboxOptions: { choices: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }, { label: 'C', value: 'c' }] } }), body(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }))],
    ['star rating', single({ type: 'star_rating', required: true }), body(fc.oneof(fc.integer({ min: -1, max: 7 }), fc.double({ min: 0, max: 6 })))],
    ['skills', single({ type: 'skillSelector', required: true, rules: [{ type: 'maxLength', value: 3 }] }), body(fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }))],
    ['custom validator', single({ type: 'text', customValidator: 'usZipCode' }), body(fc.stringMatching(/^\d{0,6}(-\d{0,5})?$/))],
    ['rule message override', single({ type: 'text', rules: [{ type: 'minLength', value: 2, message: 'Two or more' }, { type: 'ssn' }] }), body(fc.stringMatching(/^[\d-]{0,11}$/))],
    ['visibility', {
      sections: [{ title: 'S', items: [
        { name: 'relocate', type: 'checkbox' },
        { name: 'f', label: 'City', type: 'text', required: true, visibility: { field: 'relocate', op: 'isTrue' } },
      ] }],
    }, fc.record({ relocate: fc.oneof(fc.boolean(), fc.constant('true'), fc.constant(null)), f: fc.constantFrom('', 'Paris', ' Rome '), extra: fc.string() }, { requiredKeys: [] })],
  ];

  for (const [rule, definition, values] of cases) {
    it(`${rule}`, async () => {
      await checkParity(definition, values);
    }, 60_000);
  }
});
