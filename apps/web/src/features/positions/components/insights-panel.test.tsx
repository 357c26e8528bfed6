import type { Insight } from '@careers/contracts';
import { render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLocale } from '../../../lib/i18n';
import { InsightsPanel } from './insights-panel';

async function renderIn(locale: string, insights: Insight[]) {
  const i18n = createI18n();
  await loadLocale(i18n, locale);
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <InsightsPanel status="success" insights={insights} headingLevel={2} />
    </I18nextProvider>,
  );
  return within(container).getAllByRole('definition').map((element) => element.textContent);
}

const weekly = (counts: number[]) => counts.map((count, index) => ({ weekStart: `2026-11-${String(index + 2).padStart(2, '0')}`, count }));
const trend = (counts: number[]): Insight => ({ type: 'applicants_trend', weeks: weekly(counts), direction: 'rising' });
const hire = (medianDays: number, sampleSize: number): Insight => ({ type: 'time_to_hire', medianDays, sampleSize });

// Issue 13: a string with two numbers gives each its own plural form, the second one too.
describe('InsightsPanel: both numbers of a sentence take their own plural form', () => {
  it('en: "in 1 week" and "from 1 hire" for one; weeks and hires for more', async () => {
    expect(await renderIn('en', [trend([3]), hire(12, 1)])).toEqual(['3 in 1 week, rising', 'About 12 days (from 1 hire)']);
    expect(await renderIn('en', [trend([1, 2, 3, 4]), hire(1, 7)])).toEqual(['10 in 4 weeks, rising', 'About 1 day (from 7 hires)']);
  });

  it('ru: the weeks and the hires each in one, few and many', async () => {
    expect(await renderIn('ru', [trend([5]), hire(5, 1)])).toEqual(['5 кандидатов за 1 неделю, число растёт', 'Около 5 дней (по 1 найму)']);
    expect(await renderIn('ru', [trend([1, 0]), hire(2, 3)])).toEqual(['1 кандидат за 2 недели, число растёт', 'Около 2 дней (по 3 наймам)']);
    expect(await renderIn('ru', [trend([1, 1, 1, 1, 1]), hire(21, 21)])).toEqual(['5 кандидатов за 5 недель, число растёт', 'Около 21 дня (по 21 найму)']);
  });
});
