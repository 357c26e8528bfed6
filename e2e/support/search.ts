import { expect, type APIRequestContext, type Page, type Request, type Response } from '@playwright/test';

/** The fields of a search result or job the specs read (packages/contracts/src/positions.ts has the rest). */
export interface PositionOnServer {
  id: number;
  name: string;
  department: string;
  employment_type: string;
  seniority: string;
  /** Search results carry the description's first line, up to 200 characters (contracts SearchPosition). */
  summary: string;
  location: string;
  is_remote: boolean;
  locations: { city: string; region: string; country: string; lat: number; lng: number }[];
  archived_at: string | null;
}

export interface SearchAnswer {
  count: number;
  positions: PositionOnServer[];
  appliedFilters: Record<string, string[]>;
}

/** The search call's parameters as the page sent them (repeated filter_ params joined by commas). */
export function searchParamsOf(request: Request): URLSearchParams {
  return new URL(request.url()).searchParams;
}

const isSearchCall = (url: string) => new URL(url).pathname === '/api/pcsx/search';

/** The next GET /api/pcsx/search the page makes (start listening before the action that causes it). */
export function nextSearchRequest(page: Page, matches: (params: URLSearchParams) => boolean = () => true): Promise<Request> {
  return page.waitForRequest((request) => isSearchCall(request.url()) && matches(searchParamsOf(request)));
}

/** The next successful search answer the page receives, parsed. */
export async function nextSearchAnswer(page: Page, matches: (params: URLSearchParams) => boolean = () => true): Promise<SearchAnswer> {
  const response: Response = await page.waitForResponse(
    (candidate) => isSearchCall(candidate.url()) && candidate.status() === 200 && matches(searchParamsOf(candidate.request())),
  );
  return (await response.json()) as SearchAnswer;
}

/** Signs an API context (not a page) in, for setup and checks that must not touch the page's session. */
export async function signInRequest(request: APIRequestContext, who: { email: string; password: string }): Promise<void> {
  const me = await request.get('/api/auth/me');
  const token = me.headers()['x-csrf-token'];
  if (!token) throw new Error('GET /api/auth/me sent no x-csrf-token');
  const response = await request.post('/api/auth/login', { headers: { 'x-csrf-token': token }, data: { email: who.email, password: who.password } });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

export async function savedPositionIds(request: APIRequestContext): Promise<number[]> {
  const response = await request.get('/api/pcsx/positions/saved');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { positions: PositionOnServer[] }).positions.map((position) => position.id);
}

export async function cartPositionIds(request: APIRequestContext): Promise<number[]> {
  const response = await request.get('/api/pcsx/job_cart');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { jobCartData: { id: number }[] } }).data.jobCartData.map((item) => item.id);
}

/** One page of GET /api/pcsx/search as any visitor would get it. */
export async function searchOnServer(request: APIRequestContext, params: Record<string, string>): Promise<SearchAnswer> {
  const response = await request.get('/api/pcsx/search', { params });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SearchAnswer;
}

/** The job ids the sitemap lists (issue 3: open positions only). */
export async function sitemapJobIds(request: APIRequestContext): Promise<number[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<loc>[^<]*\/careers\/job\/(\d+)[^<]*<\/loc>/g)].map((match) => Number(match[1]));
}

/**
 * An archived position of the demo tenant: an id below the highest one the sitemap lists that the sitemap
 * leaves out, which position_details still answers, flagged metadata.isFallback (issue 3).
 */
export async function archivedPositionId(request: APIRequestContext): Promise<number> {
  const listed = await sitemapJobIds(request);
  const open = new Set(listed);
  const highest = Math.max(...listed);
  for (let id = 1; id < highest; id += 1) {
    if (open.has(id)) continue;
    const response = await request.get('/api/pcsx/position_details', { params: { position_id: String(id) } });
    if (response.status() !== 200) continue;
    const details = (await response.json()) as { data: PositionOnServer; metadata: { isFallback: boolean } };
    if (details.metadata.isFallback) return id;
  }
  throw new Error('the demo seed has no archived position');
}

/**
 * The search page has settled at the current width: the page switches between the phone layout (list
 * only) and the desktop one (list and detail pane) 250 ms after a resize (spec §9 resize debounce), so a
 * capture right after setViewportSize would show the other layout.
 */
export async function searchLayoutSettled(page: Page): Promise<void> {
  const pane = page.getByRole('complementary', { name: 'Job details' });
  if ((page.viewportSize()?.width ?? 0) >= 1024) await expect(pane.getByRole('heading', { level: 2 })).toBeVisible();
  else await expect(pane).toHaveCount(0);
}
