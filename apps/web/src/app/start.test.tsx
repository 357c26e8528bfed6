import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBootData } from './dev/boot-fixture';
import { startApp } from './start';

let container: HTMLElement;
let root: Root | null = null;

function setBootData(text: string | null) {
  document.getElementById('boot-data')?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.id = 'boot-data';
  script.type = 'application/json';
  script.textContent = text;
  document.body.append(script);
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  window.history.replaceState(null, '', '/careers');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.getElementById('boot-data')?.remove();
});

async function start() {
  await act(async () => {
    root = await startApp(container);
  });
}

describe('startApp', () => {
  it('renders the app from valid boot data', async () => {
    setBootData(JSON.stringify(createBootData()));
    await start();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Internal Server Error' })).toBeNull();
  });

  it('shows the 500 screen when boot data is missing', async () => {
    setBootData(null);
    await start();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(document.title).toBe('Internal Server Error');
  });

  it('shows the 500 screen for the unreplaced placeholder and for broken JSON', async () => {
    setBootData('__BOOT_DATA__');
    await start();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
  });

  it('shows the 500 screen when boot data fails BootDataSchema', async () => {
    const bootData = createBootData();
    setBootData(JSON.stringify({ ...bootData, environment: 'staging', userStore: { ...bootData.userStore, isLoggedIn: 'yes' } }));
    await start();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy());
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByText('Technical details')).toBeNull();
  });
});
