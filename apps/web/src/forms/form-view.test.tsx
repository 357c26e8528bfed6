import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormView, maskIdentityNumber } from './form-view';
import { definitionOf, renderWithProviders } from './test-helpers';

const definition = definitionOf({
  title: 'Preboarding',
  sections: [
    {
      id: 'identity',
      title: 'Identity',
      items: [
        { name: 'legal_name', label: 'Full legal name', type: 'text' },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'born', label: 'Date of birth', type: 'date' },
        { name: 'country', label: 'Country', type: 'radio', radioOptions: { choices: [{ label: 'United States', value: 'US' }, { label: 'Canada', value: 'CA' }] } },
        { name: 'ssn', label: 'Social security number', type: 'ssn', dependencies: ['country'], visibility: { field: 'country', op: 'equals', value: 'US' } },
        { name: 'sin', label: 'Social insurance number', type: 'sin', dependencies: ['country'], visibility: { field: 'country', op: 'equals', value: 'CA' } },
        { name: 'rating', label: 'How was it?', type: 'star_rating' },
        { name: 'agree', label: 'I agree', type: 'checkbox' },
        { name: 'notes', label: 'Notes', type: 'textarea' },
      ],
    },
    {
      title: 'Work',
      items: [
        { name: 'skills', label: 'Skills', type: 'skillSelector' },
        { name: 'years', label: 'Years', type: 'number' },
        { name: 'period', label: 'Period', type: 'dateRange' },
        { name: 'cv', label: 'Resume', type: 'file_upload' },
        { name: 'jobs', label: 'Jobs', type: 'dynamicList', dynamicListOptions: { items: [{ name: 'employer', label: 'Employer', type: 'text' }] } },
      ],
    },
  ],
});

const values = {
  legal_name: 'Augusta Ada King',
  email: 'ada@acme.example',
  born: '1815-12-10',
  country: 'US',
  ssn: '123-45-6789',
  sin: '046-454-286',
  rating: 4,
  agree: true,
  skills: ['Mathematics', 'Poetry'],
  years: 12000,
  period: { startDate: '2024-03', endDate: '', isCurrent: true },
  cv: [{ uid: 'f1', fileId: 'f1', name: 'ada.pdf', size: 10, type: 'pdf' }],
  jobs: [{ employer: 'Analytical Engine' }, { employer: 'Royal Society' }],
};

const valueOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

describe('view mode (spec §3)', () => {
  it('shows each answer under its label, formatted by type', () => {
    renderWithProviders(<FormView definition={definition} values={values} showTitle />);
    expect(screen.getByRole('region', { name: 'Preboarding' })).toBeTruthy();
    expect(valueOf('Full legal name').textContent).toBe('Augusta Ada King');
    // Email is plain text, not a link or an input.
    expect(valueOf('Email').textContent).toBe('ada@acme.example');
    expect(within(valueOf('Email')).queryByRole('link')).toBeNull();
    expect(valueOf('Date of birth').textContent).toBe('12/10/1815');
    expect(valueOf('Country').textContent).toBe('United States');
    expect(valueOf('I agree').textContent).toBe('Yes');
    expect(valueOf('Years').textContent).toBe('12,000');
    expect(valueOf('Period').textContent).toBe('March 2024 – Present');
    expect(within(valueOf('Skills')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Mathematics', 'Poetry']);
    expect(valueOf('Resume').textContent).toBe('ada.pdf');
    expect(within(valueOf('Jobs')).getAllByText('Employer')).toHaveLength(2);
    expect(valueOf('Notes').textContent).toBe('Not answered');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('leaves out star ratings and hidden items, and masks identity numbers', () => {
    renderWithProviders(<FormView definition={definition} values={values} />);
    expect(screen.queryByText('How was it?')).toBeNull();
    expect(screen.queryByText('Social insurance number')).toBeNull();
    expect(valueOf('Social security number').textContent).toBe('•••-••-6789');
    expect(screen.queryByText(/123-45/)).toBeNull();
  });

  it('masks all but the last digits, keeping the separators', () => {
    expect(maskIdentityNumber('046-454-286', 3)).toBe('•••-•••-286');
    expect(maskIdentityNumber('12', 4)).toBe('12');
  });
});
