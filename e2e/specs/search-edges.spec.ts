import { expect, test, type Page } from '@playwright/test';
import { DESKTOP } from '../support/screens';
import { nextSearchAnswer, nextSearchRequest, searchParamsOf } from '../support/search';

// Issue 3's less travelled paths, in Chromium against the real server and the demo seed: a job's details
// failing to load, searching the visible map area, and searching around the browser's current location.

const resultList = (page: Page) => page.getByRole('list', { name: 'Jobs' });
const results = (page: Page) => resultList(page).getByRole('listitem');
const detailPane = (page: Page) => page.getByRole('complementary', { name: 'Job details' });
const addressSearch = (page: Page) => new URL(page.url()).search;

/** Great-circle distance in km. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

test.describe('a job whose details fail to load', () => {
  test('toasts "Failed to load position details" and clears the selection; the list stays usable', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    let failures = 0;
    await page.route('**/api/pcsx/position_details?*', (route) => {
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' });
    });
    await page.goto('/careers?query=engineer');
    await expect(results(page)).toHaveCount(10);

    const toast = page.getByText('Failed to load position details');
    await expect(toast).toBeVisible();
    await expect(detailPane(page).getByText('Choose a job to see its details.')).toBeVisible();
    await expect(resultList(page).locator('[aria-current]')).toHaveCount(0);
    expect(failures).toBe(1);
    // spec §8: the toast closes by itself after 2 s.
    await expect(toast).toBeHidden({ timeout: 4000 });

    // Details answer again: choosing a job shows it.
    await page.unroute('**/api/pcsx/position_details?*');
    const second = resultList(page).getByRole('link').nth(1);
    const name = await second.innerText();
    await second.click();
    await expect(detailPane(page).getByRole('heading', { level: 2, name })).toBeVisible();
  });
});

test.describe('the map view', () => {
  test('after moving the map, "Search this area" searches the visible area (Map Area), cleared on reload', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.route(/^https:\/\/([a-z0-9-]+\.)?tile\.openstreetmap\.org\//, (route) => route.abort());
    await page.goto('/careers?query=engineer&tab=map');
    const map = page.getByRole('region', { name: 'Map of job locations' });
    await expect(map).toBeVisible();
    const searchArea = page.getByRole('button', { name: 'Search this area' });
    await expect(searchArea).toHaveCount(0);

    // Leaflet pans with the arrow keys once the map has focus; a move offers the area search.
    await map.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
    await expect(searchArea).toBeVisible();

    const isMapArea = (params: URLSearchParams) => params.get('location') === 'Map Area';
    const request = nextSearchRequest(page, isMapArea);
    const answer = nextSearchAnswer(page, isMapArea);
    await searchArea.click();
    const sent = searchParamsOf(await request);
    const bounds = (sent.get('bounds') ?? '').split(',').map(Number);
    expect(bounds).toHaveLength(4);
    const [swLat = 0, swLng = 0, neLat = 0, neLng = 0] = bounds;
    expect(swLat).toBeLessThan(neLat);
    const { positions, count } = await answer;
    expect(count).toBeGreaterThan(0);
    const inside = (place: { lat: number; lng: number }) =>
      place.lat >= swLat && place.lat <= neLat && (swLng <= neLng ? place.lng >= swLng && place.lng <= neLng : place.lng >= swLng || place.lng <= neLng);
    for (const position of positions) {
      const places = position.locations.map((where) => ({ lat: where.lat, lng: where.lng }));
      expect(places.some(inside), `${position.name} (#${position.id}) has a place inside the area`).toBe(true);
    }
    await expect(page.getByRole('heading', { level: 1, name: '“engineer” jobs in the map area' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe('Map Area');

    // spec §2: Map Area is cleared on load; its bounds were never in the address. (The first search after
    // a load may come with the page itself, so the page is checked, not a request.)
    expect(addressSearch(page)).not.toContain('bounds');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '“engineer” jobs' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBeNull();
    await expect(results(page)).toHaveCount(10);
  });
});

test.describe('searching around the current location', () => {
  const LONDON = { latitude: 51.5072, longitude: -0.1276 };
  test.use({ geolocation: LONDON, permissions: ['geolocation'] });

  test('"Use my current location" sends the browser\'s coordinates and finds jobs near them', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/careers?query=engineer');
    await expect(results(page)).toHaveCount(10);
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.click();
    await location.fill('');
    const option = page.getByRole('option', { name: 'Use my current location' });
    await expect(option).toBeVisible();

    const isCurrent = (params: URLSearchParams) => params.has('latlong');
    const request = nextSearchRequest(page, isCurrent);
    const answer = nextSearchAnswer(page, isCurrent);
    await option.click();
    const sent = searchParamsOf(await request);
    const [lat = NaN, lng = NaN] = (sent.get('latlong') ?? '').split(',').map(Number);
    expect(lat).toBeCloseTo(LONDON.latitude, 3);
    expect(lng).toBeCloseTo(LONDON.longitude, 3);
    const { positions, count } = await answer;
    expect(count).toBeGreaterThan(0);
    // Each result has a place near London, or is a remote role hiring from there.
    for (const position of positions) {
      const nearest = Math.min(...position.locations.map((where) => distanceKm({ lat, lng }, { lat: where.lat, lng: where.lng })));
      expect(nearest < 200 || position.is_remote, `${position.name} (#${position.id}) is ${Math.round(nearest)} km away`).toBe(true);
    }
    await expect(location).toHaveValue('Current location');
    await expect(resultList(page).getByRole('link').first()).toBeVisible();
  });
});
