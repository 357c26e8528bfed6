import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { renderForm } from '../test-helpers';
import { searchableTerm, searchDropdownUrl } from './search-dropdown-field';
import { sentence } from '../../test/text';

const ENDPOINT = '/api/pcsx/schools';
const item = (extra: Record<string, unknown> = {}) => ({
  name: 'school',
  label: 'School',
  type: 'dropdown',
  required: true,
  selectOptions: { apiEndpoint: ENDPOINT, apiCall: 'search', ...extra },
});
const SCHOOLS = [
  { label: 'Royal Institution', value: 'ri' },
  { label: 'Royal Society', value: 'rs' },
];

afterEach(() => vi.unstubAllGlobals());

describe('search dropdown (spec §5, §8, §9)', () => {
  it('searches the trimmed term once typing settles for 500 ms, then a result is chosen by keyboard', async () => {
    const server = installFetchMock();
    server.on('GET', ENDPOINT, () => jsonResponse(200, { data: { options: SCHOOLS } }));
    const { user, onSubmit } = renderForm([item()]);
    const box = screen.getByRole('combobox', { name: /School/ });
    const typedAt = Date.now();
    await user.type(box, '  Roy ');
    await screen.findByRole('option', { name: 'Royal Society' }, { timeout: 2000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    // One request for the whole word, with the trimmed term.
    expect(server.calls.map((call) => call.url.searchParams.get('q'))).toEqual(['Roy']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Royal Society' }).id);
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).value).toBe('Royal Society');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ school: 'rs' }, expect.anything()));
  });

  it('does not search blank terms or terms under the minimum length, and keeps answers two minutes', async () => {
    const server = installFetchMock();
    server.on('GET', ENDPOINT, () => jsonResponse(200, { data: { options: SCHOOLS } }));
    const { user } = renderForm([item({ minSearchLength: 3 })]);
    const box = screen.getByRole('combobox', { name: /School/ });
    await user.type(box, '   ');
    await user.type(box, 'Ro');
    expect(await screen.findByText('Type at least 3 characters to search')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.calls).toHaveLength(0);
    await user.type(box, 'y');
    await screen.findByRole('option', { name: 'Royal Institution' }, { timeout: 2000 });
    await user.clear(box);
    await user.type(box, 'Roy');
    await screen.findByRole('option', { name: 'Royal Institution' }, { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.calls).toHaveLength(1);
  });

  it('says "An error occurred while loading the results" when the search fails, and "No results" for none', async () => {
    const server = installFetchMock();
    server.on('GET', ENDPOINT, (request) =>
      request.url.searchParams.get('q') === 'zzz' ? jsonResponse(200, { data: { options: [] } }) : errorResponse(500, 'internal', 'Internal Server Error'),
    );
    const { user } = renderForm([item()]);
    const box = screen.getByRole('combobox', { name: /School/ });
    await user.type(box, 'Roy');
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe('An error occurred while loading the results');
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText(sentence('No results for “zzz”'), {}, { timeout: 2000 })).toBeTruthy();
  });

  it('builds the search address and judges terms', () => {
    expect(searchDropdownUrl('/api/x', 'a b')).toBe('/api/x?q=a%20b');
    expect(searchDropdownUrl('/api/x?kind=school', 'é')).toBe('/api/x?kind=school&q=%C3%A9');
    expect(searchableTerm('  ')).toBeNull();
    expect(searchableTerm(' a ')).toBe('a');
    expect(searchableTerm('ab', 3)).toBeNull();
  });
});
