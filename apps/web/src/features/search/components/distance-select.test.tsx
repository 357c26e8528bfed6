import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadLocale } from '../../../lib/i18n';
import { AppliedFilters } from './applied-filters';
import { DistanceSelect, distanceUnitFor } from './distance-select';

async function i18nIn(locale: string) {
  const i18n = createI18n();
  await loadLocale(i18n, locale);
  return i18n;
}

async function renderSelect(locale: string, unit: 'mile' | 'kilometer', filters: Record<string, string[]> = {}) {
  const onChange = vi.fn<(value: string | null) => void>();
  const view = render(
    <I18nextProvider i18n={await i18nIn(locale)}>
      <DistanceSelect filters={filters} unit={unit} onChange={onChange} />
    </I18nextProvider>,
  );
  const select = within(view.container).getByRole('combobox');
  const options = within(select)
    .getAllByRole('option')
    .map((option) => [(option as HTMLOptionElement).value, option.textContent]);
  return { select, options, onChange, view };
}

// Issue 13: distances in mi or km by region (or the tenant's choice), through Intl's units.
describe('the distance filter follows the unit', () => {
  it('picks miles for American English and the UK, kilometres elsewhere, and the tenant’s unit over both', () => {
    expect(distanceUnitFor('en', undefined)).toBe('mile');
    expect(distanceUnitFor('en-GB', undefined)).toBe('mile');
    for (const locale of ['de', 'fr-CA', 'es-419', 'ja', 'ar', 'pt-BR']) expect(distanceUnitFor(locale, undefined)).toBe('kilometer');
    expect(distanceUnitFor('en', 'kilometer')).toBe('kilometer');
    expect(distanceUnitFor('de', 'mile')).toBe('mile');
  });

  it('in miles: "Within 25 mi", the value a bare number of miles', async () => {
    const { options, select, onChange } = await renderSelect('en', 'mile');
    expect(options).toContainEqual(['25', 'Within 25 mi']);
    expect(options.some(([, text]) => /km/.test(text ?? ''))).toBe(false);
    await userEvent.setup().selectOptions(select, '50');
    expect(onChange).toHaveBeenCalledWith('50');
  });

  it('in kilometres: "Im Umkreis von 25 km", the value carrying its unit ("25km")', async () => {
    const { options, select, onChange } = await renderSelect('de', 'kilometer');
    expect(options).toContainEqual(['25km', 'Im Umkreis von 25 km']);
    expect(options.some(([, text]) => /mi|Meilen/.test(text ?? ''))).toBe(false);
    await userEvent.setup().selectOptions(select, '50km');
    expect(onChange).toHaveBeenCalledWith('50km');
  });

  it('a radius from a shared address keeps its own unit: 25 miles stays "25 mi" on a kilometre page', async () => {
    const { options, select } = await renderSelect('de', 'kilometer', { distance: ['25'] });
    expect(options).toContainEqual(['25', 'Im Umkreis von 25 mi']);
    expect((select as HTMLSelectElement).value).toBe('25');
  });

  it('the applied-filter chip names the radius in its unit', async () => {
    render(
      <I18nextProvider i18n={await i18nIn('en')}>
        <AppliedFilters applied={[{ key: 'distance', value: '40km', label: '40km', displayName: 'Distance' }]} onRemove={() => {}} onClearAll={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: 'Remove filter Distance: Within 40 km' })).toBeTruthy();
  });
});
