import { SCREEN_ROUTE_PATTERNS } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './route-table';

describe('APP_ROUTES and the server\'s list of screens (issue 8 §6: unknown paths answer 404)', () => {
  it('are the same patterns, so the server answers 404 exactly where the web draws its 404 screen', () => {
    const webPatterns = APP_ROUTES.map((route) => route.path).sort();
    expect([...SCREEN_ROUTE_PATTERNS].sort()).toEqual(webPatterns);
  });
});
