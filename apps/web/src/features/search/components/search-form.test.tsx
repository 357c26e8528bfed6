import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { position, searchResponse } from '../test/search-fixtures';

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([position({ id: 7 })], { count: 1 })));
  server.on('GET', '/api/pcsx/position_details', jsonResponse(200, { data: position({ id: 7 }), metadata: { isFallback: false } }));
  server.on('GET', '/api/pcsx/position_insights', jsonResponse(200, { insights: [] }));
  server.on('GET', '/api/pcsx/overrides', jsonResponse(200, { data: {} }));
  server.on('GET', '/api/pcsx/places', (request) =>
    jsonResponse(200, {
      places: /^manch/i.test(request.url.searchParams.get('query') ?? '')
        ? [{ label: 'Manchester, England, United Kingdom', location: 'Manchester, England, United Kingdom', jobs: 21 }]
        : [],
    }),
  );
});

describe('location suggestions (issue 8 §6: the tenant\'s own places, keyboard first)', () => {
  it('asks once the candidate pauses, lists the matching places with their jobs, and takes one with the keyboard', async () => {
    const { user } = renderApp({ url: '/careers?query=robot' });
    const field = await screen.findByRole('combobox', { name: 'Location' });
    await user.type(field, 'Mancheter');
    const option = await screen.findByRole('option', { name: /Manchester, England, United Kingdom/ }, { timeout: 5000 });
    const list = screen.getByRole('listbox', { name: 'Location suggestions' });
    expect(list.contains(option)).toBe(true);
    // Debounced: one question for the whole word, not one per letter.
    expect(server.callsTo('GET', '/api/pcsx/places').map((call) => call.url.searchParams.get('query'))).toEqual(['Mancheter']);
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Manchester, England, United Kingdom21 jobs']);

    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect((field as HTMLInputElement).value).toBe('Manchester, England, United Kingdom');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/search').at(-1)?.url.searchParams.get('location')).toBe('Manchester, England, United Kingdom'));
  });

  it('asks nothing for one letter and still offers Remote', async () => {
    const { user } = renderApp({ url: '/careers?query=robot' });
    const field = await screen.findByRole('combobox', { name: 'Location' });
    await user.type(field, 'R');
    const list = await screen.findByRole('listbox', { name: 'Location suggestions' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Remote']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.callsTo('GET', '/api/pcsx/places')).toHaveLength(0);
  });
});
