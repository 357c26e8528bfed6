import { ROUTES } from '@careers/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from './route-table';
import { preloadScreens } from './route-preload';

/** A route whose screen records its preloads. */
function route(path: string, pageId: string) {
  const preload = vi.fn(() => Promise.resolve());
  const Component = Object.assign(() => null, { preload });
  return { route: { path, pageId, access: 'public', Component } as unknown as AppRoute, preload };
}

function table() {
  const search = route(ROUTES.searchByPath, 'jobs');
  const apply = route(ROUTES.apply, 'applyPage');
  const job = route(ROUTES.job, 'singlePosition');
  return { search, apply, job, routes: [search.route, apply.route, job.route] };
}

describe('preloadScreens', () => {
  it('loads the screen the router renders: the apply page, not a search for "apply"', async () => {
    const { search, apply, job, routes } = table();
    await preloadScreens('/careers/apply', 'desktop', routes);
    expect(apply.preload).toHaveBeenCalledWith('desktop');
    expect(search.preload).not.toHaveBeenCalled();
    expect(job.preload).not.toHaveBeenCalled();
  });

  it('loads the search for a path only the search answers, with the width it draws for', async () => {
    const { search, apply, routes } = table();
    await preloadScreens('/careers/engineer/London', 'phone', routes);
    expect(search.preload).toHaveBeenCalledWith('phone');
    expect(apply.preload).not.toHaveBeenCalled();
  });

  it('loads nothing for a path no screen answers', async () => {
    const { search, apply, routes } = table();
    await preloadScreens('/elsewhere', 'desktop', routes);
    expect(search.preload).not.toHaveBeenCalled();
    expect(apply.preload).not.toHaveBeenCalled();
  });
});
