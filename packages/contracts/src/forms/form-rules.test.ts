import { describe, expect, it } from 'vitest';
import { FormItemSchema, type FormItem } from './form-definition';
import { validateItem } from './form-rules';
import type { UploadedFileEntry } from './value-checks';

const item = (input: Record<string, unknown>): FormItem => FormItemSchema.parse({ name: 'field', ...input });
const messageOf = (field: FormItem, value: unknown, context = { today: '2026-11-25' }) => validateItem(field, value, context)?.message ?? null;

/** A file entry whose base64 content decodes to `bytes` bytes. */
function file(name: string, bytes: number, patch: Partial<UploadedFileEntry> = {}): UploadedFileEntry {
  // 'AQEB' is three bytes of 1; a remainder of one or two bytes is 'AQ==' or 'AQE='.
  const content = 'AQEB'.repeat(Math.floor(bytes / 3)) + ['', 'AQ==', 'AQE='][bytes % 3];
  return { uid: name, name, size: bytes, type: 'application/pdf', lastModified: 0, webkitRelativePath: '', content, status: 'done', ...patch };
}

describe('required (spec §5, §8)', () => {
  it('names a label of 30 characters or fewer, trailing punctuation stripped', () => {
    expect(messageOf(item({ type: 'text', label: 'First name', required: true }), '')).toBe('First name is required');
    expect(messageOf(item({ type: 'text', label: 'Email address:', required: true }), undefined)).toBe('Email address is required');
    expect(messageOf(item({ type: 'radio', label: 'Are you 18 or older?', required: true }), null)).toBe('Are you 18 or older is required');
    expect(messageOf(item({ type: 'text', label: 'Phone (mobile)', required: true }), '  ')).toBe('Phone (mobile) is required');
    expect(messageOf(item({ type: 'text', label: 'x'.repeat(30), required: true }), '')).toBe(`${'x'.repeat(30)} is required`);
    expect(messageOf(item({ type: 'text', label: `${'x'.repeat(30)}?`, required: true }), '')).toBe(`${'x'.repeat(30)} is required`);
  });

  it('falls back to "This field is required" for a long label or none', () => {
    expect(messageOf(item({ type: 'text', label: 'x'.repeat(31), required: true }), '')).toBe('This field is required');
    expect(messageOf(item({ type: 'text', required: true }), '')).toBe('This field is required');
    expect(messageOf(item({ type: 'text', label: '?', required: true }), '')).toBe('This field is required');
  });

  it('carries the catalogue key and params', () => {
    expect(validateItem(item({ type: 'text', label: 'City', required: true }), '')).toEqual({
      rule: 'required',
      key: 'forms:errors.requiredNamed',
      params: { name: 'City' },
      message: 'City is required',
    });
    expect(validateItem(item({ type: 'text', required: true }), '')).toMatchObject({ key: 'forms:errors.required', params: {} });
  });

  it('radio: null and empty string are missing; false is an answer', () => {
    const radio = item({ type: 'radio', label: 'Relocate', required: true, radioOptions: { choices: [{ label: 'Yes', value: true }, { label: 'No', value: false }] } });
    expect(messageOf(radio, null)).toBe('Relocate is required');
    expect(messageOf(radio, '')).toBe('Relocate is required');
    expect(messageOf(radio, false)).toBeNull();
    expect(messageOf(radio, true)).toBeNull();
  });

  it('skill selector needs one skill; lists, files and a consent checkbox are missing when empty or false', () => {
    expect(messageOf(item({ type: 'skillSelector', label: 'Skills', required: true }), [])).toBe('Skills is required');
    expect(messageOf(item({ type: 'skillSelector', label: 'Skills', required: true }), ['SQL'])).toBeNull();
    expect(messageOf(item({ type: 'fileUpload', label: 'Resume', required: true }), [])).toBe('Resume is required');
    expect(messageOf(item({ type: 'checkboxItem', label: 'Days', required: true }), [])).toBe('Days is required');
    expect(messageOf(item({ type: 'checkbox', label: 'I agree', required: true }), false)).toBe('I agree is required');
    expect(messageOf(item({ type: 'checkbox', label: 'I agree', required: true }), true)).toBeNull();
    expect(messageOf(item({ type: 'phone', label: 'Phone', required: true }), '+1 ')).toBe('Phone is required');
    expect(messageOf(item({ type: 'dateRange', label: 'Dates', required: true }), { startDate: null, endDate: null, isCurrent: false })).toBe('Dates is required');
    expect(messageOf(item({ type: 'number', label: 'Years', required: true }), Number.NaN)).toBe('Years is required');
  });

  it('an optional field that is empty passes every rule', () => {
    const field = item({ type: 'text', rules: [{ type: 'minLength', value: 5 }, { type: 'regex', value: '/^a/' }] });
    expect(messageOf(field, '')).toBeNull();
    expect(messageOf(field, undefined)).toBeNull();
    expect(messageOf(item({ type: 'email' }), '')).toBeNull();
    expect(messageOf(item({ type: 'phone' }), '+44')).toBeNull();
  });

  it('display items never fail', () => {
    expect(validateItem(FormItemSchema.parse({ type: 'info', label: 'Read me', required: true }), undefined)).toBeNull();
    expect(validateItem(FormItemSchema.parse({ type: 'instruction', required: true }), { any: 'thing' })).toBeNull();
  });
});

describe('email (spec §5, §8)', () => {
  const simple = item({ type: 'text', rules: [{ type: 'email' }] });
  const strict = item({ type: 'text', rules: [{ type: 'email', value: true }] });
  const invalid = 'Email is invalid. Use the format "name@example.com".';

  it('the simple pattern: something@something.something', () => {
    expect(messageOf(simple, 'ada@example.com')).toBeNull();
    expect(messageOf(simple, ' ada@example.com ')).toBeNull();
    expect(messageOf(simple, 'ada@example')).toBe(invalid);
    expect(messageOf(simple, 'ada example@x.io')).toBe(invalid);
    expect(messageOf(simple, 'a@b@c.io')).toBe(invalid);
    expect(messageOf(simple, 'ada..x@example.com')).toBeNull();
  });

  it('the strict pattern refuses what the simple one lets through', () => {
    expect(messageOf(strict, 'ada.lovelace+jobs@mail.example.co.uk')).toBeNull();
    expect(messageOf(strict, 'ada..x@example.com')).toBe(invalid);
    expect(messageOf(strict, '.ada@example.com')).toBe(invalid);
    expect(messageOf(strict, 'ada@exa_mple.com')).toBe(invalid);
    expect(messageOf(strict, 'ada@example.c')).toBe(invalid);
    expect(messageOf(strict, 'ada@-example.com')).toBe(invalid);
    expect(messageOf(strict, `${'a'.repeat(65)}@example.com`)).toBe(invalid);
  });

  it('an email field checks email without a rule, strict when its options say so', () => {
    expect(messageOf(item({ type: 'email' }), 'nope')).toBe(invalid);
    expect(messageOf(item({ type: 'email' }), 'a..b@example.com')).toBeNull();
    expect(messageOf(item({ type: 'email', emailOptions: { strict: true } }), 'a..b@example.com')).toBe(invalid);
    expect(validateItem(item({ type: 'email' }), 'nope')).toMatchObject({ key: 'forms:errors.email', params: { email: 'name@example.com' } });
  });
});

describe('phone (spec §5, §8)', () => {
  const lenient = item({ type: 'text', rules: [{ type: 'phone' }] });
  const strict = item({ type: 'text', rules: [{ type: 'phone', value: true }] });
  const invalid = 'Phone number is invalid. Only use digits (0-9), dashes (-) or parentheses ().';

  it('non-strict refuses a value beginning with a letter or - # : . \\ / % @ !', () => {
    for (const start of ['a', 'Z', 'é', '-', '#', ':', '.', '\\', '/', '%', '@', '!']) {
      expect(messageOf(lenient, `${start}5551234`)).toBe(invalid);
    }
    expect(messageOf(lenient, '+1 555 1234 ext 5')).toBeNull();
    expect(messageOf(lenient, '(555) 123-4567')).toBeNull();
  });

  it('strict: allowed characters, then a known calling code and a valid number', () => {
    expect(messageOf(strict, '+1 (415) 555-2671')).toBeNull();
    expect(messageOf(strict, '415.555.2671')).toBeNull();
    expect(messageOf(strict, '415 555 2671 x5')).toBe(invalid);
    expect(messageOf(strict, '+999 1234567')).toBe('Invalid country calling code');
    expect(messageOf(strict, '+1 555')).toBe('Enter a valid phone number');
  });

  it('strict uses the context country for a number without a calling code', () => {
    const ukNumber = '020 7946 0958';
    expect(validateItem(strict, ukNumber, { defaultCountry: 'GB' })).toBeNull();
    expect(validateItem(strict, ukNumber, { defaultCountry: 'US' })?.message).toBe('Enter a valid phone number');
  });

  it('a phone field must be valid for the default country (item option, then context, then US)', () => {
    const phone = item({ type: 'phone' });
    expect(messageOf(phone, '+1 4155552671')).toBeNull();
    expect(messageOf(phone, '4155552671')).toBeNull();
    expect(messageOf(phone, '+44 20 7946 0958')).toBeNull();
    expect(messageOf(phone, '020 7946 0958')).toBe('Enter a valid phone number and country code.');
    expect(validateItem(phone, '020 7946 0958', { defaultCountry: 'GB' })).toBeNull();
    expect(messageOf(item({ type: 'phone', phoneOptions: { defaultCountryCode: 'GB' } }), '020 7946 0958')).toBeNull();
    expect(messageOf(phone, 'call me')).toBe('Enter a valid phone number and country code.');
    expect(validateItem(phone, '+1 415-555-2671', { defaultCountry: 'XX' })).toBeNull();
    expect(messageOf(phone, '+800 1234 5678')).toBe('Enter a valid phone number and country code.');
  });

  it('an explicit phone rule replaces the form phone check', () => {
    expect(messageOf(item({ type: 'phone', rules: [{ type: 'phone' }] }), '12')).toBeNull();
  });
});

describe('regex (spec §5, §8)', () => {
  it('tests the trimmed text against /pattern/flags', () => {
    const zip = item({ type: 'text', rules: [{ type: 'regex', value: '/^\\d{5}$/' }] });
    expect(messageOf(zip, '02139')).toBeNull();
    expect(messageOf(zip, ' 02139 ')).toBeNull();
    expect(messageOf(zip, '2139')).toBe('Enter a valid value.');
    const caseless = item({ type: 'text', rules: [{ type: 'regex', value: '/^abc$/i' }] });
    expect(messageOf(caseless, 'ABC')).toBeNull();
  });

  it('the global flag does not make the verdict depend on the previous call', () => {
    const global = item({ type: 'text', rules: [{ type: 'regex', value: '/a/g' }] });
    expect([messageOf(global, 'a'), messageOf(global, 'a'), messageOf(global, 'a')]).toEqual([null, null, null]);
  });

  it('text longer than the regex bound fails rather than running the pattern', () => {
    const any = item({ type: 'textarea', rules: [{ type: 'regex', value: '/^[\\s\\S]*$/' }] });
    expect(messageOf(any, 'x'.repeat(10000))).toBeNull();
    expect(messageOf(any, 'x'.repeat(10001))).toBe('Enter a valid value.');
  });
});

describe('lengths and values (spec §5, §8)', () => {
  it('minLength and maxLength count characters of the trimmed text, in the singular for 1', () => {
    const field = item({ type: 'text', rules: [{ type: 'minLength', value: 3 }, { type: 'maxLength', value: 5 }] });
    expect(messageOf(field, 'ab')).toBe('Enter at least 3 characters.');
    expect(messageOf(field, '  abc  ')).toBeNull();
    expect(messageOf(field, 'abcdef')).toBe('Enter no more than 5 characters.');
    expect(messageOf(item({ type: 'text', rules: [{ type: 'minLength', value: 1 }] }), '')).toBeNull();
    expect(messageOf(item({ type: 'text', rules: [{ type: 'maxLength', value: 1 }] }), 'ab')).toBe('Enter no more than 1 character.');
    expect(messageOf(item({ type: 'text', rules: [{ type: 'maxLength', value: 2 }] }), '😀😀')).toBeNull();
    expect(validateItem(field, 'ab')).toMatchObject({ key: 'forms:errors.minLength', params: { count: 3 } });
  });

  it('minValue and maxValue compare numbers and numeric text', () => {
    const years = item({ type: 'number', rules: [{ type: 'minValue', value: 0 }, { type: 'maxValue', value: 60 }] });
    expect(messageOf(years, -1)).toBe('Enter a value greater than or equal to 0.');
    expect(messageOf(years, '61')).toBe('Enter a value less than or equal to 60.');
    expect(messageOf(years, '0')).toBeNull();
    expect(messageOf(years, 60)).toBeNull();
    expect(messageOf(years, 'sixty')).toBe('Enter a valid number.');
    expect(messageOf(years, '1e400')).toBe('Enter a valid number.');
    expect(messageOf(item({ type: 'text', rules: [{ type: 'minValue', value: 3 }] }), 'abc')).toBe('Enter a value greater than or equal to 3.');
  });

  it('the first failing rule wins and its own message replaces the default', () => {
    const field = item({
      type: 'text',
      rules: [
        { type: 'minLength', value: 4, message: 'Four or more, please' },
        { type: 'regex', value: '/^\\d+$/' },
      ],
    });
    expect(validateItem(field, 'ab')).toEqual({ rule: 'minLength', key: 'forms:errors.custom', params: { message: 'Four or more, please' }, message: 'Four or more, please' });
    expect(messageOf(field, 'abcd')).toBe('Enter a valid value.');
    expect(messageOf(field, '1234')).toBeNull();
  });
});

describe('SSN and SIN (spec §5, §8)', () => {
  it('ssn is ddd-dd-dddd, sin ddd-ddd-ddd', () => {
    const ssnMessage = 'Social security number is invalid. Enter in the format of XXX-XX-XXXX.';
    const sinMessage = 'Social insurance number is invalid. Enter in the format of XXX-XXX-XXX.';
    expect(messageOf(item({ type: 'ssn' }), '123-45-6789')).toBeNull();
    expect(messageOf(item({ type: 'ssn' }), '123456789')).toBe(ssnMessage);
    expect(messageOf(item({ type: 'ssn' }), '123-45-678')).toBe(ssnMessage);
    expect(messageOf(item({ type: 'sin' }), '123-456-789')).toBeNull();
    expect(messageOf(item({ type: 'sin' }), '123-45-6789')).toBe(sinMessage);
    expect(messageOf(item({ type: 'text', rules: [{ type: 'ssn' }] }), '12-345-6789')).toBe(ssnMessage);
    expect(messageOf(item({ type: 'text', rules: [{ type: 'sin', message: 'Check your SIN' }] }), '1')).toBe('Check your SIN');
  });
});

describe('date and date range (spec §4, §5)', () => {
  const range = item({ type: 'dateRange', label: 'Employment' });
  const both = 'Please enter both a start and end date.';

  it('either end given means both are needed', () => {
    expect(messageOf(range, { startDate: '2020-01', endDate: null, isCurrent: false })).toBe(both);
    expect(messageOf(range, { startDate: null, endDate: '2020-01' })).toBe(both);
    expect(messageOf(range, { startDate: '2020-01', endDate: '2021-06' })).toBeNull();
    expect(messageOf(range, { startDate: '', endDate: '', isCurrent: false })).toBeNull();
  });

  it('a current range ends today; a start after the end is refused', () => {
    expect(messageOf(range, { startDate: '2020-01-15', endDate: null, isCurrent: true })).toBeNull();
    expect(messageOf(range, { startDate: null, endDate: null, isCurrent: true })).toBe(both);
    expect(messageOf(range, { startDate: '2027-01-01', isCurrent: true })).toBe('The start date must be on or before the end date.');
    expect(messageOf(range, { startDate: '2021-06', endDate: '2020-01' })).toBe('The start date must be on or before the end date.');
    expect(messageOf(range, { startDate: '2020-05-20', endDate: '2020-05' })).toBeNull();
  });

  it('dates that do not exist are refused', () => {
    expect(messageOf(range, { startDate: '2023-02-30', endDate: '2023-03-01' })).toBe('Enter a valid date.');
    expect(messageOf(item({ type: 'date' }), '2023-13-01')).toBe('Enter a valid date.');
    expect(messageOf(item({ type: 'date' }), '03/01/2023')).toBe('Enter a valid date.');
    expect(messageOf(item({ type: 'date' }), '2024-02-29')).toBeNull();
  });

  it('enableFrom and enableUntil: 0 is today, a number counts days from today, or a date', () => {
    const future = item({ type: 'date', dateOptions: { enableFrom: 0, enableUntil: 30 } });
    expect(messageOf(future, '2026-11-24')).toBe('Choose a date on or after 2026-11-25.');
    expect(messageOf(future, '2026-11-25')).toBeNull();
    expect(messageOf(future, '2026-12-25')).toBeNull();
    expect(messageOf(future, '2026-12-26')).toBe('Choose a date on or before 2026-12-25.');
    const fixed = item({ type: 'date', dateOptions: { enableFrom: '2000-01-01', enableUntil: -1 } });
    expect(messageOf(fixed, '1999-12-31')).toBe('Choose a date on or after 2000-01-01.');
    expect(messageOf(fixed, '2026-11-25')).toBe('Choose a date on or before 2026-11-24.');
  });
});

describe('file upload (spec §5, §8)', () => {
  it('minLength and maxLength count files', () => {
    const upload = item({ type: 'fileUpload', rules: [{ type: 'minLength', value: 2 }, { type: 'maxLength', value: 3 }] });
    expect(messageOf(upload, [file('a.pdf', 10)])).toBe('Upload at least 2 files.');
    expect(messageOf(upload, [file('a.pdf', 1), file('b.pdf', 1), file('c.pdf', 1), file('d.pdf', 1)])).toBe('Upload no more than 3 files.');
    expect(messageOf(item({ type: 'file_upload', rules: [{ type: 'maxLength', value: 1 }] }), [file('a.pdf', 1), file('b.pdf', 1)])).toBe('Upload no more than 1 file.');
    expect(messageOf(item({ type: 'file_upload', rules: [{ type: 'minLength', value: 1 }] }), [file('a.pdf', 1)])).toBeNull();
    expect(messageOf(item({ type: 'file_upload', rules: [{ type: 'minLength', value: 1 }] }), [])).toBe('Upload at least 1 file.');
  });

  it('maxFileSizeMB names every file over the limit (1 MB = 1048576 bytes)', () => {
    const upload = item({ type: 'fileUpload', rules: [{ type: 'maxFileSizeMB', value: 1 }] });
    expect(messageOf(upload, [file('exact.pdf', 1048576)])).toBeNull();
    expect(messageOf(upload, [file('big.pdf', 1048577)])).toBe('This file is larger than 1 MB: big.pdf.');
    expect(messageOf(upload, [file('a.pdf', 2000000), file('ok.pdf', 5), file('b.pdf', 1048577)])).toBe('These files are larger than 1 MB: a.pdf, b.pdf.');
  });

  it('sizes come from the content, not the declared size', () => {
    const upload = item({ type: 'fileUpload', rules: [{ type: 'maxFileSizeMB', value: 1 }] });
    expect(messageOf(upload, [file('liar.pdf', 1048577, { size: 10 })])).toBe('This file is larger than 1 MB: liar.pdf.');
    expect(messageOf(upload, [{ ...file('ref.pdf', 0, { size: 2000000 }), content: undefined }])).toBe('This file is larger than 1 MB: ref.pdf.');
  });

  it('maxCumulativeFileSizeMB limits the total', () => {
    const upload = item({ type: 'fileUpload', rules: [{ type: 'maxCumulativeFileSizeMB', value: 2 }] });
    expect(messageOf(upload, [file('a.pdf', 1048576), file('b.pdf', 1048576)])).toBeNull();
    expect(messageOf(upload, [file('a.pdf', 1048576), file('b.pdf', 1048577)])).toBe('The files together must be no larger than 2 MB.');
  });

  it('allowed types: doc, docx, pdf, txt, png, jpg, jpeg by default, case-insensitive', () => {
    const upload = item({ type: 'fileUpload' });
    expect(messageOf(upload, ['a.doc', 'b.DOCX', 'c.pdf', 'd.txt', 'e.png', 'f.jpg', 'g.JPEG'].map((name) => file(name, 3)))).toBeNull();
    expect(messageOf(upload, [file('run.exe', 3), file('ok.pdf', 3), file('noext', 3)])).toBe(
      'These file types are not allowed: run.exe, noext. Allowed types: doc, docx, pdf, txt, png, jpg, jpeg.',
    );
    const pdfOnly = item({ type: 'fileUpload', fileUploadOptions: { allowedTypes: ['.pdf'] } });
    expect(messageOf(pdfOnly, [file('cv.docx', 3)])).toBe('This file type is not allowed: cv.docx. Allowed types: pdf.');
  });

  it('uploadSize in the options limits each file too', () => {
    expect(messageOf(item({ type: 'fileUpload', fileUploadOptions: { uploadSize: 1 } }), [file('big.pdf', 1048577)])).toBe('This file is larger than 1 MB: big.pdf.');
  });

  it('an entry that is not done, or content that is not base64, is refused', () => {
    const upload = item({ type: 'fileUpload' });
    expect(messageOf(upload, [file('a.pdf', 3, { status: 'error' })])).toBe('File could not be uploaded.');
    expect(messageOf(upload, [file('a.pdf', 3, { content: 'not base64!' })])).toBe('Enter a valid value.');
    expect(messageOf(upload, [file('a.pdf', 3, { content: 'data:application/pdf;base64,AQID' })])).toBeNull();
    expect(messageOf(upload, [{ name: 'a.pdf' }])).toBe('Enter a valid value.');
  });
});

describe('dynamic lists and choice lists count rows and options', () => {
  it('dynamic list minLength and maxLength count rows, with the rule message when given', () => {
    const list = item({ type: 'dynamicList', dynamicListOptions: { items: [{ name: 'employer', type: 'text' }] }, rules: [{ type: 'minLength', value: 1 }, { type: 'maxLength', value: 2 }] });
    expect(messageOf(list, [{}, {}, {}])).toBe('Add no more than 2 entries.');
    expect(messageOf(list, [{}])).toBeNull();
    const withMessage = item({ type: 'dynamicList', dynamicListOptions: { items: [] }, rules: [{ type: 'minLength', value: 2, message: 'Add two jobs' }] });
    expect(messageOf(withMessage, [{}])).toBe('Add two jobs');
    expect(messageOf(item({ type: 'dynamicList', dynamicListOptions: { items: [] }, rules: [{ type: 'minLength', value: 1 }] }), [])).toBe('Add at least 1 entry.');
    expect(messageOf(withMessage, undefined)).toBe('Add two jobs');
    expect(messageOf(item({ type: 'dynamicList', dynamicListOptions: { items: [] }, rules: [{ type: 'minLength', value: 0 }] }), [])).toBeNull();
    expect(messageOf(list, ['row'])).toBe('Enter a valid value.');
  });

  it('checkbox group and skills count options', () => {
    const group = item({ type: 'checkboxItem', checkboxOptions: { choices: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] }, rules: [{ type: 'minLength', value: 2 }] });
    expect(messageOf(group, ['a'])).toBe('Select at least 2 options.');
    expect(messageOf(group, ['a', 'b'])).toBeNull();
    expect(messageOf(group, ['a', 'c'])).toBe('Choose one of the options.');
    expect(messageOf(group, ['a', 'a'])).toBe('Choose one of the options.');
    expect(messageOf(item({ type: 'skillSelector', rules: [{ type: 'maxLength', value: 1 }] }), ['SQL', 'Go'])).toBe('Select no more than 1 option.');
  });
});

describe('value shapes per type', () => {
  it('selects and radios hold one of their options; loaded options are not judged', () => {
    const select = item({ type: 'select', selectOptions: { choices: [{ label: 'One', value: 1 }, { label: 'Two', value: 'two' }] } });
    expect(messageOf(select, 1)).toBeNull();
    expect(messageOf(select, '1')).toBeNull();
    expect(messageOf(select, 'three')).toBe('Choose one of the options.');
    expect(messageOf(select, { value: 1 })).toBe('Choose one of the options.');
    expect(messageOf(item({ type: 'dropdown', selectOptions: { apiEndpoint: '/api/states?country={{parentValue}}' } }), 'CA')).toBeNull();
    expect(messageOf(item({ type: 'select', selectOptions: { choices: [] } }), 'N/A')).toBeNull();
    expect(messageOf(item({ type: 'select', selectOptions: { choices: [] } }), 'Other')).toBe('Choose one of the options.');
  });

  it('text is a string, a checkbox a boolean, a star rating an integer 1 to 5', () => {
    expect(messageOf(item({ type: 'text' }), 42)).toBe('Enter a valid value.');
    expect(messageOf(item({ type: 'textarea' }), ['a'])).toBe('Enter a valid value.');
    expect(messageOf(item({ type: 'checkbox' }), 'yes')).toBe('Enter a valid value.');
    expect(messageOf(item({ type: 'star_rating' }), 3)).toBeNull();
    expect(messageOf(item({ type: 'star_rating' }), 6)).toBe('Choose a rating from 1 to 5.');
    expect(messageOf(item({ type: 'star_rating' }), 2.5)).toBe('Choose a rating from 1 to 5.');
    expect(messageOf(item({ type: 'skillSelector' }), ['SQL', ' '])).toBe('Enter a valid value.');
  });
});

describe('custom validators run after the rules pass', () => {
  it('a named validator with its default or own message', () => {
    expect(messageOf(item({ type: 'text', customValidator: 'usZipCode' }), '0213')).toBe('Enter a valid ZIP code.');
    expect(messageOf(item({ type: 'text', customValidator: 'usZipCode' }), '02139-1234')).toBeNull();
    expect(messageOf(item({ type: 'text', customValidator: { name: 'caPostalCode', message: 'Code postal invalide' } }), 'K1A0B')).toBe('Code postal invalide');
    expect(messageOf(item({ type: 'text', customValidator: 'caPostalCode' }), 'k1a 0b1')).toBeNull();
    expect(messageOf(item({ type: 'text', customValidator: 'personName' }), "Zoë O'Brien-Smith")).toBeNull();
    expect(messageOf(item({ type: 'text', customValidator: 'personName' }), 'R2-D2')).toBe('Use letters, spaces, hyphens and apostrophes only.');
    expect(messageOf(item({ type: 'text', customValidator: 'httpUrl' }), 'https://example.com/me')).toBeNull();
    expect(messageOf(item({ type: 'text', customValidator: 'httpUrl' }), 'javascript:alert(1)')).toBe('Enter a valid web address starting with http:// or https://.');
    expect(messageOf(item({ type: 'text', customValidator: 'ssn' }), '123-45-6789')).toBeNull();
    expect(messageOf(item({ type: 'text', customValidator: 'sin' }), '123-45-6789')).toBe('Social insurance number is invalid. Enter in the format of XXX-XXX-XXX.');
  });

  it('a failing rule answers before the custom validator', () => {
    const field = item({ type: 'text', rules: [{ type: 'minLength', value: 5 }], customValidator: 'usZipCode' });
    expect(messageOf(field, '123')).toBe('Enter at least 5 characters.');
    expect(validateItem(field, '12345x')?.rule).toBe('custom:usZipCode');
  });
});
