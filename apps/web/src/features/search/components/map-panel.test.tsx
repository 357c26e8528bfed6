import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { position, searchResponse } from '../test/search-fixtures';

// Leaflet does not run in jsdom: the lazily loaded map module is replaced, and the test records when
// (whether) it is loaded. Real map rendering is checked in the browser screenshots.
const mapModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../map/map-view', () => {
  mapModule.loads += 1;
  return {
    MapView: ({ markers }: { markers: readonly { location: string }[] }) => (
      <div data-testid="leaflet-map">{markers.map((marker) => marker.location).join(' | ')}</div>
    ),
  };
});

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([position({ id: 7 })], { count: 1 })));
  server.on('GET', '/api/pcsx/position_details', jsonResponse(200, { data: position({ id: 7 }), metadata: { isFallback: false } }));
  server.on('GET', '/api/pcsx/position_insights', jsonResponse(200, { insights: [] }));
  server.on('GET', '/api/pcsx/overrides', jsonResponse(200, { data: {} }));
});

const MAP_ON = { searchConfig: { mapConfig: { enabled: true } } };

describe('map view', () => {
  it('loads the map code only when Map is chosen, then shows places and remote jobs apart', async () => {
    const { user, location } = renderApp({ url: '/careers?query=robot', pcsxConfig: MAP_ON });
    await screen.findByRole('link', { name: /Robotics Engineer 7/ });
    expect(mapModule.loads).toBe(0);
    expect(screen.queryByTestId('leaflet-map')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect((await screen.findByTestId('leaflet-map')).textContent).toBe('London, GB | Boston, MA, US');
    expect(mapModule.loads).toBe(1);
    expect(new URLSearchParams(location.current?.search).get('tab')).toBe('map');
    expect(screen.getByRole('button', { name: 'Remote jobs (4)' })).toBeTruthy();
  });

  it('offers every place as a keyboard button that searches there (Map Location, distance 0)', async () => {
    const { user } = renderApp({ url: '/careers?query=robot&tab=map', pcsxConfig: MAP_ON });
    await user.click(await screen.findByText('Jobs by location (2 places)'));
    const list = screen.getByText('Jobs by location (2 places)').closest('details')!;
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['London, GB12 jobs', 'Boston, MA, US1 job']);
    buttons[1]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/search').at(-1)?.url.searchParams.get('location')).toBe('Map Location'));
    const params = server.callsTo('GET', '/api/pcsx/search').at(-1)!.url.searchParams;
    expect(params.get('latlong')).toBe('42.3601,-71.0589');
    expect(params.getAll('filter_distance')).toEqual(['0']);
    expect(params.get('query')).toBe('robot');
  });

  it('the remote chip searches remote jobs', async () => {
    const { user } = renderApp({ url: '/careers?query=robot&tab=map', pcsxConfig: MAP_ON });
    await user.click(await screen.findByRole('button', { name: 'Remote jobs (4)' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/search').at(-1)?.url.searchParams.get('location')).toBe('remote'));
  });

  it('has no List/Map switch when the map is not enabled', async () => {
    renderApp({ url: '/careers?query=robot&tab=map' });
    await screen.findByRole('link', { name: /Robotics Engineer 7/ });
    expect(screen.queryByRole('group', { name: 'View' })).toBeNull();
    expect(screen.queryByTestId('leaflet-map')).toBeNull();
  });
});

describe('a place picked on the map (issue 8 §6)', () => {
  it('names its radius "This place only", never "Within 0 mi"', async () => {
    const { user } = renderApp({ url: '/careers?query=robot&tab=map', pcsxConfig: MAP_ON });
    await user.click(await screen.findByText('Jobs by location (2 places)'));
    const list = screen.getByText('Jobs by location (2 places)').closest('details')!;
    await user.click(within(list).getAllByRole('button')[1]!);
    expect(await screen.findByRole('button', { name: /^Remove filter .*: This place only$/ })).toBeTruthy();
    expect(screen.queryByText(/Within 0 mi/)).toBeNull();
  });
});
