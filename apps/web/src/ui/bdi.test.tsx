import { render } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { isolate, translateWithBdi } from './bdi';

/** An i18next set up as the app's (ICU-style single braces), with sentences made for these cases. */
function translator(language: string) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    resources: {
      en: {
        translation: {
          apply: 'Apply for {title}',
          remove: 'Remove filter {name}: {value}',
          twice: '{name}, yes, {name}',
          none: 'All jobs',
          alert_one: '{count} new job matches “{name}”.',
          alert_other: '{count} new jobs match “{name}”.',
        },
      },
      ar: {
        translation: {
          apply: 'قدّم على وظيفة {title}',
          // The language puts the value before the name.
          remove: 'إزالة {value} من عامل التصفية {name}',
          alert_zero: 'لا وظائف جديدة تطابق «{name}».',
          alert_one: 'وظيفة جديدة واحدة تطابق «{name}».',
          alert_two: 'وظيفتان جديدتان تطابقان «{name}».',
          alert_few: '{count} وظائف جديدة تطابق «{name}».',
          alert_many: '{count} وظيفة جديدة تطابق «{name}».',
          alert_other: '{count} وظيفة جديدة تطابق «{name}».',
        },
      },
    },
  });
  return instance.t.bind(instance);
}

function renderSentence(node: React.ReactNode) {
  return render(<p>{node}</p>).container.querySelector('p') as HTMLParagraphElement;
}

const bdiTexts = (element: HTMLElement) => [...element.querySelectorAll('bdi')].map((bdi) => [bdi.getAttribute('dir'), bdi.textContent]);

describe('translateWithBdi', () => {
  it('puts the user text of an Arabic sentence in a <bdi dir="auto">, the sentence reading as t() does', () => {
    const t = translator('ar');
    const sentence = renderSentence(translateWithBdi(t, 'apply', { title: 'Senior Nurse (ICU)' }));
    expect(bdiTexts(sentence)).toEqual([['auto', 'Senior Nurse (ICU)']]);
    expect(sentence.textContent).toBe(t('apply', { title: 'Senior Nurse (ICU)' }));
    expect(sentence.textContent).toBe('قدّم على وظيفة Senior Nurse (ICU)');
  });

  it('follows the order the language puts the values in', () => {
    const values = { name: 'Department', value: 'R&D' };
    const english = renderSentence(translateWithBdi(translator('en'), 'remove', values));
    expect(bdiTexts(english)).toEqual([['auto', 'Department'], ['auto', 'R&D']]);
    expect(english.textContent).toBe('Remove filter Department: R&D');
    const arabic = renderSentence(translateWithBdi(translator('ar'), 'remove', values));
    expect(bdiTexts(arabic)).toEqual([['auto', 'R&D'], ['auto', 'Department']]);
    expect(arabic.textContent).toBe(translator('ar')('remove', values));
  });

  it('keeps the count plain and chooses the plural form from it', () => {
    const t = translator('ar');
    for (const count of [0, 1, 2, 3, 11, 100]) {
      const sentence = renderSentence(translateWithBdi(t, 'alert', { name: 'Nurses in Boston' }, { count }));
      expect(sentence.textContent).toBe(t('alert', { name: 'Nurses in Boston', count }));
      expect(bdiTexts(sentence)).toEqual([['auto', 'Nurses in Boston']]);
    }
    expect(renderSentence(translateWithBdi(t, 'alert', { name: 'x' }, { count: 2 })).textContent).toBe('وظيفتان جديدتان تطابقان «x».');
  });

  it('isolates a value each time the sentence uses it', () => {
    const t = translator('en');
    const sentence = renderSentence(translateWithBdi(t, 'twice', { name: 'דנה' }));
    expect(bdiTexts(sentence)).toEqual([['auto', 'דנה'], ['auto', 'דנה']]);
    expect(sentence.textContent).toBe('דנה, yes, דנה');
  });

  it('adds nothing for a value the sentence does not use, or for an empty value', () => {
    const t = translator('en');
    const unused = renderSentence(translateWithBdi(t, 'none', { title: 'Welder' }));
    expect(unused.innerHTML).toBe('All jobs');
    const empty = renderSentence(translateWithBdi(t, 'apply', { title: '' }));
    expect(empty.innerHTML).toBe('Apply for ');
    expect(empty.textContent).toBe(t('apply', { title: '' }));
  });

  it('leaves user text that looks like markup or markers as text', () => {
    const t = translator('en');
    const sentence = renderSentence(translateWithBdi(t, 'apply', { title: '<b>\uE000{title}</b>' }));
    expect(bdiTexts(sentence)).toEqual([['auto', '<b>\uE000{title}</b>']]);
    expect(sentence.querySelector('b')).toBeNull();
  });

  it('is t() itself when there is no user text', () => {
    expect(translateWithBdi(translator('en'), 'none', {})).toBe('All jobs');
  });
});

describe('isolate', () => {
  it('wraps a string in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE', () => {
    expect(isolate('Welder')).toBe('\u2068Welder\u2069');
  });
});
