import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Activity, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/router';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { renderApp, renderWithProviders, type RenderOptions } from '../../../test/render';
import { position, searchResponse } from '../test/search-fixtures';

/** The demo tenant's search configuration (display names and label maps exercise the aliases). */
const SEARCH_CONFIG: RenderOptions['pcsxConfig'] = {
  searchConfig: {
    smartFilters: ['department', 'employment_type'],
    allFilters: ['department', 'employment_type', 'seniority'],
    mapConfig: { enabled: true },
  },
  searchOptionsMap: {
    department: { displayName: 'Department', options: { labelMap: {} } },
    employment_type: { displayName: 'Employment type', options: { labelMap: { FULL_TIME: 'Full time', CONTRACT: 'Contract' } } },
    seniority: { displayName: 'Seniority', options: { labelMap: { senior: 'Senior' } } },
  },
};

const FIRST = position({ id: 11, name: 'Senior Robotics Engineer' });
const SECOND = position({ id: 12, name: 'Welding Technician', department: 'Manufacturing' });

let server: FetchMock;

function searchCalls() {
  return server.callsTo('GET', '/api/pcsx/search').map((call) => call.url.searchParams);
}

function mockPositionCalls() {
  server.on('GET', '/api/pcsx/position_details', (request) => {
    const job = request.url.searchParams.get('position_id') === String(FIRST.id) ? FIRST : SECOND;
    return jsonResponse(200, { data: job, metadata: { isFallback: false } });
  });
  server.on('GET', '/api/pcsx/position_insights', jsonResponse(200, { insights: [{ type: 'days_open', days: 12 }] }));
  server.on('GET', '/api/pcsx/match_details', jsonResponse(200, { data: null }));
  server.on('GET', '/api/pcsx/overrides', jsonResponse(200, { data: {} }));
}

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([FIRST, SECOND], { count: 42 })));
  mockPositionCalls();
});

function render(url: string, options: RenderOptions = {}) {
  return renderApp({ url, pcsxConfig: SEARCH_CONFIG, ...options });
}

describe('search page address (spec §2)', () => {
  it('reads aliases, labels, hyphens and the sort from the address and sends them to the search', async () => {
    render('/careers?query=machine-learning&location=new_york&filter_Employment-Type=Full%20time&filter_department=Engineering&start=10&sort_by=newest&utm_source=mail');
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    const params = searchCalls()[0]!;
    expect(params.get('query')).toBe('machine learning');
    expect(params.get('location')).toBe('new york');
    expect(params.getAll('filter_employment_type')).toEqual(['FULL_TIME']);
    expect(params.getAll('filter_department')).toEqual(['Engineering']);
    expect(params.get('start')).toBe('10');
    expect(params.get('sort_by')).toBe('newest');
    expect(params.has('utm_source')).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: '“machine learning” jobs in new york' })).toBeTruthy();
    expect(document.title).toBe('machine learning in new york');
  });

  it('writes the state back: another page keeps filters, sort and remembered params', async () => {
    const { location, user } = render('/careers?query=robot&filter_employment_type=FULL_TIME&sort_by=newest&utm_source=mail&ref_src=feed');
    await screen.findByRole('link', { name: FIRST.name });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    const address = new URLSearchParams(location.current?.search);
    expect(location.current?.pathname).toBe('/careers');
    expect(Object.fromEntries(address)).toEqual({
      query: 'robot',
      filter_employment_type: 'FULL_TIME',
      start: '10',
      sort_by: 'newest',
      utm_source: 'mail',
      ref_src: 'feed',
    });
    await waitFor(() => expect(searchCalls().at(-1)?.get('start')).toBe('10'));
  });

  it('writes an address once: effects reconnecting after the page was hidden (as by a Suspense fallback) push nothing', async () => {
    // React hides a shown page behind a Suspense fallback and shows it again by reconnecting its effects; an
    // address write repeated then pushed a new location each time, a loop that swallowed a tap on a result.
    let setMode: (mode: 'visible' | 'hidden') => void = () => undefined;
    function Hideable() {
      const [mode, setState] = useState<'visible' | 'hidden'>('visible');
      setMode = setState;
      return (
        <Activity mode={mode}>
          <AppRoutes />
        </Activity>
      );
    }
    const { location, user } = renderWithProviders(<Hideable />, { url: '/careers?query=robot', pcsxConfig: SEARCH_CONFIG });
    await screen.findByRole('link', { name: FIRST.name });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(new URLSearchParams(location.current?.search).get('start')).toBe('10'));
    const written = location.current;
    for (let round = 0; round < 3; round += 1) {
      act(() => setMode('hidden'));
      act(() => setMode('visible'));
    }
    await screen.findByRole('link', { name: FIRST.name });
    expect(location.current?.key).toBe(written?.key);
    expect(location.current?.search).toBe(written?.search);
  });

  it('show_login_modal=1 opens the sign-in modal once and is never written back', async () => {
    const { user, location } = render('/careers?query=robot&show_login_modal=1');
    // The sign-in modal and its catalogue load lazily: slower than Testing Library's 1 s on a busy machine.
    expect(await screen.findByRole('dialog', { name: 'Sign in or create an account' }, { timeout: 10_000 })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('link', { name: 'Page 2' }));
    expect(new URLSearchParams(location.current?.search).has('show_login_modal')).toBe(false);
  });

  it('keeps a non-default tenant domain on its links (the server resolves the tenant from it)', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const { user, location } = render('/careers?domain=globex.example&query=robot', { tenant: { domain: 'globex.example', isDefault: false } });
    expect((await screen.findByRole('link', { name: FIRST.name })).getAttribute('href')).toBe('/careers/job/11?domain=globex.example');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(new URLSearchParams(location.current?.search).get('domain')).toBe('globex.example');
  });

  it('clears Map Area and Map Location on load (their coordinates are not in the address)', async () => {
    const { location } = render('/careers?query=nurse&location=Map%20Area&utm_source=mail');
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(searchCalls()[0]!.get('location')).toBe('');
    expect(searchCalls()[0]!.has('bounds')).toBe(false);
    // The address says what is shown: no map search left in it, remembered params kept.
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location.current?.search))).toEqual({ query: 'nurse', utm_source: 'mail' }));
  });

  it('clears a Map Location with the distance 0 it set, keeping the selected job in the address', async () => {
    const { location } = render('/careers?query=nurse&location=Map_Location&filter_distance=0&pid=12&tab=map');
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(searchCalls()[0]!.has('filter_distance')).toBe(false);
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location.current?.search))).toEqual({ query: 'nurse', pid: '12', tab: 'map' }));
  });

  it('reads query and location from the path /careers/{query}/{location}', async () => {
    render('/careers/nurse/boston');
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(searchCalls()[0]!.get('query')).toBe('nurse');
    expect(searchCalls()[0]!.get('location')).toBe('boston');
  });

  it('starts a new search from the form: start and the selected job reset, the search is in the address', async () => {
    const { user, location } = render('/careers?query=robot&start=20&pid=12');
    await screen.findByRole('link', { name: FIRST.name });
    const form = screen.getByRole('search', { name: 'Job search' });
    const query = within(form).getByRole('searchbox', { name: 'Search jobs' });
    await user.clear(query);
    await user.type(query, 'welder');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(Object.fromEntries(new URLSearchParams(location.current?.search))).toEqual({ query: 'welder' });
    await waitFor(() => expect(searchCalls().at(-1)?.get('query')).toBe('welder'));
    expect(searchCalls().at(-1)?.has('start')).toBe(false);
  });
});

describe('filters (spec §4: 1 s debounce, start reset)', () => {
  it('a smart filter dropdown works from the keyboard and Escape returns to its chip', async () => {
    const { user } = render('/careers?query=robot');
    await screen.findByRole('link', { name: FIRST.name });
    const chip = screen.getByRole('button', { name: 'Employment type' });
    chip.focus();
    await user.keyboard('{Enter}');
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Full time/ }));
    await user.keyboard(' ');
    expect((screen.getByRole('checkbox', { name: /Full time/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Escape}');
    expect(chip.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(chip);
    expect(screen.getByRole('button', { name: 'Remove filter Employment type: Full time' })).toBeTruthy();
  });

  it('reloads one second after the last change, from the first page, with the selection cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = render('/careers?query=robot&start=20');
    await screen.findByRole('link', { name: FIRST.name });
    expect(searchCalls()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Department' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Engineering/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Manufacturing/ }));
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(searchCalls()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove filter Department: Engineering' })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    const params = searchCalls()[1]!;
    expect(params.getAll('filter_department')).toEqual(['Engineering', 'Manufacturing']);
    expect(params.has('start')).toBe(false);
    expect(new URLSearchParams(location.current?.search).get('filter_department')).toBe('Engineering,Manufacturing');
    expect(new URLSearchParams(location.current?.search).has('start')).toBe(false);
  });

  it('Clear all reloads at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render('/careers?query=robot&filter_department=Engineering&filter_employment_type=CONTRACT');
    await screen.findByRole('link', { name: FIRST.name });
    expect(screen.getByRole('button', { name: 'Remove filter Employment type: Contract' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('list', { name: 'Applied filters' })).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    expect([...searchCalls()[1]!.keys()].filter((name) => name.startsWith('filter_'))).toEqual([]);
  });

  it('shows every configured filter with counts in the All filters panel', async () => {
    const { user } = render('/careers?query=robot');
    await screen.findByRole('link', { name: FIRST.name });
    await user.click(screen.getByRole('button', { name: 'All filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'All filters' });
    expect(within(dialog).getByRole('group', { name: 'Department' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Employment type' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Seniority' })).toBeTruthy();
    const fullTime = within(dialog).getByRole('checkbox', { name: /Full time/ });
    expect(fullTime.closest('label')?.textContent).toContain('15');
    await user.click(within(dialog).getByRole('button', { name: 'Show 42 jobs' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('results and the selected job (spec §4)', () => {
  it('auto-selects the first result on desktop and loads details, match and insights in parallel', async () => {
    render('/careers?query=robot', { isSignedIn: true });
    const pane = await screen.findByRole('complementary', { name: 'Job details' });
    expect(await within(pane).findByRole('heading', { level: 2, name: FIRST.name })).toBeTruthy();
    expect(server.callsTo('GET', '/api/pcsx/position_details')[0]?.url.searchParams.get('position_id')).toBe('11');
    expect(server.callsTo('GET', '/api/pcsx/match_details')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/pcsx/position_insights')).toHaveLength(1);
    expect(screen.getByRole('link', { name: FIRST.name }).getAttribute('aria-current')).toBe('true');
  });

  it('starts the three calls before any of them answers', async () => {
    let releaseDetails: () => void = () => undefined;
    server.on('GET', '/api/pcsx/position_details', () =>
      new Promise<Response>((resolve) => {
        releaseDetails = () => resolve(jsonResponse(200, { data: FIRST, metadata: { isFallback: false } }));
      }),
    );
    render('/careers?query=robot', { isSignedIn: true });
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/position_insights')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/pcsx/match_details')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/pcsx/position_details')).toHaveLength(1);
    releaseDetails();
    expect(await screen.findByRole('heading', { level: 2, name: FIRST.name })).toBeTruthy();
  });

  it('keeps the pid from the address instead of auto-selecting', async () => {
    render('/careers?query=robot&pid=12');
    expect(await screen.findByRole('heading', { level: 2, name: SECOND.name })).toBeTruthy();
    expect(server.callsTo('GET', '/api/pcsx/position_details').map((call) => call.url.searchParams.get('position_id'))).toEqual(['12']);
  });

  it('selecting another result shows it beside the list and puts its pid in the address', async () => {
    const { user, location } = render('/careers?query=robot');
    await screen.findByRole('heading', { level: 2, name: FIRST.name });
    await user.click(screen.getByRole('link', { name: SECOND.name }));
    expect(await screen.findByRole('heading', { level: 2, name: SECOND.name })).toBeTruthy();
    expect(new URLSearchParams(location.current?.search).get('pid')).toBe('12');
    expect(location.current?.pathname).toBe('/careers');
  });

  it('each of match and insights fails on its own; the job still shows', async () => {
    server.on('GET', '/api/pcsx/position_insights', errorResponse(500, 'internal', 'boom'));
    server.on('GET', '/api/pcsx/match_details', jsonResponse(200, {
      data: { score: 0.8, isStrongMatch: true, matchedSkills: ['Python'], missingSkills: ['ROS'], titleMatch: false, locationMatch: true,
        reasons: [{ code: 'skills_matched', skills: ['Python'], total: 2 }, { code: 'skills_missing', skills: ['ROS'] }] },
    }));
    render('/careers?query=robot', { isSignedIn: true });
    const pane = await screen.findByRole('complementary', { name: 'Job details' });
    expect(await within(pane).findByText('Insights are not available right now.')).toBeTruthy();
    expect(within(pane).getByText('Strong match')).toBeTruthy();
    expect(within(pane).getByRole('link', { name: 'Add skills to your profile' }).getAttribute('href')).toBe('/careers/profile');
    expect(within(pane).getByRole('heading', { level: 2, name: FIRST.name })).toBeTruthy();
  });

  it('failed details clear the position and toast "Failed to load position details"', async () => {
    server.on('GET', '/api/pcsx/position_details', errorResponse(500, 'internal', 'boom'));
    render('/careers?query=robot');
    expect(await screen.findByText('Failed to load position details')).toBeTruthy();
    const pane = screen.getByRole('complementary', { name: 'Job details' });
    expect(within(pane).getByText('Choose a job to see its details.')).toBeTruthy();
    expect(screen.getByRole('link', { name: FIRST.name }).hasAttribute('aria-current')).toBe(false);
    expect(server.callsTo('GET', '/api/pcsx/position_details')).toHaveLength(1);
  });

  it('on a phone shows the list only; a result opens the job page, keeping remembered params, with focus on its title', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const { user, location } = render('/careers?query=robot&utm_source=mail');
    const link = await screen.findByRole('link', { name: FIRST.name });
    expect(screen.queryByRole('complementary', { name: 'Job details' })).toBeNull();
    expect(server.callsTo('GET', '/api/pcsx/position_details')).toHaveLength(0);
    expect(link.getAttribute('href')).toBe('/careers/job/11?utm_source=mail');
    await user.click(link);
    expect(location.current?.pathname).toBe('/careers/job/11');
    const title = await screen.findByRole('heading', { level: 1, name: FIRST.name });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('button', { name: 'Back to results' })).toBeTruthy();
  });

  it('failed search: toast "Failed to load positions", an error state, and retry', async () => {
    server.on('GET', '/api/pcsx/search', errorResponse(500, 'internal', 'boom'));
    const { user } = render('/careers?query=robot');
    expect(await screen.findByText('Failed to load positions')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load jobs just now.");
    server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([FIRST], { count: 1 })));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: FIRST.name })).toBeTruthy();
  });

  it('announces the count and shows the range', async () => {
    render('/careers?query=robot');
    expect(await screen.findByText('42 jobs found')).toBeTruthy();
    expect(screen.getByText('1–2 of 42 jobs')).toBeTruthy();
  });

  it('no result: says so and offers to clear filters and search everywhere', async () => {
    server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([], { count: 0 })));
    const { user } = render('/careers?query=unicorn&location=Atlantis&filter_department=Engineering');
    expect(await screen.findByRole('heading', { name: 'No jobs match your search' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search all locations' }));
    await waitFor(() => expect(searchCalls().at(-1)?.get('location')).toBe(''));
    expect(searchCalls().at(-1)?.getAll('filter_department')).toEqual(['Engineering']);
  });

  it('sends sort_by when Newest is chosen, from the first page', async () => {
    const { user } = render('/careers?query=robot&start=10');
    await screen.findByRole('link', { name: FIRST.name });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    await waitFor(() => expect(searchCalls().at(-1)?.get('sort_by')).toBe('newest'));
    expect(searchCalls().at(-1)?.has('start')).toBe(false);
  });
});
