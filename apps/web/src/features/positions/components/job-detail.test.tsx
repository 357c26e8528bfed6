import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { position } from '../../../test/positions';
import { renderApp } from '../../../test/render';
import { positionDetailsSettings } from '../api/position-overrides';

const JOB = position({ id: 11, name: 'Senior Robotics Engineer', seniority: 'senior', description: 'Build robots.' });
const MATCH = {
  data: { score: 0.5, isStrongMatch: false, matchedSkills: ['Python'], missingSkills: ['ROS'], titleMatch: false, locationMatch: true, reasons: [] },
};

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/position_details', jsonResponse(200, { data: JOB, metadata: { isFallback: false } }));
  server.on('GET', '/api/pcsx/position_insights', jsonResponse(200, { insights: [{ type: 'team_size', department: 'Engineering', positions: 42 }] }));
  server.on('GET', '/api/pcsx/match_details', jsonResponse(200, MATCH));
  server.on('GET', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [], invalidPositionIds: [] } }));
});

const overrides = (data: unknown) => server.on('GET', '/api/pcsx/overrides', jsonResponse(200, { data }));
const calls = (path: string) => server.callsTo('GET', path);
const openJob = (options: Parameters<typeof renderApp>[0] = {}) => renderApp({ url: '/careers/job/11', isSignedIn: true, ...options });
const settle = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Senior Robotics Engineer' });
  await waitFor(() => expect(calls('/api/pcsx/overrides')).toHaveLength(1));
  // Let anything the overrides' answer would start go out before counting it.
  await new Promise((resolve) => setTimeout(resolve, 30));
};

describe('position overrides (spec §7 GET /api/pcsx/overrides)', () => {
  it('asks for the overrides of this position beside its details, before either answers', async () => {
    let release: () => void = () => undefined;
    server.on('GET', '/api/pcsx/position_details', () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(jsonResponse(200, { data: JOB, metadata: { isFallback: false } }));
      }),
    );
    overrides({});
    openJob();
    await waitFor(() => expect(calls('/api/pcsx/overrides')).toHaveLength(1));
    expect(calls('/api/pcsx/position_details')).toHaveLength(1);
    expect(calls('/api/pcsx/overrides')[0]?.url.searchParams.get('position_id')).toBe('11');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Senior Robotics Engineer' })).toBeTruthy();
  });

  it('shows insights and match details where nothing overrides the tenant (both on)', async () => {
    overrides({});
    openJob();
    expect(await screen.findByRole('region', { name: 'Insights' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: /How you match/ })).toBeTruthy();
    expect(calls('/api/pcsx/position_insights')).toHaveLength(1);
    expect(calls('/api/pcsx/match_details')).toHaveLength(1);
  });

  it('neither asks for nor shows what the position turns off', async () => {
    overrides({ positionDetailsConfig: { showInsights: false, showMatchDetails: false }, otherSetting: 'passes through' });
    openJob();
    await settle();
    expect(calls('/api/pcsx/position_insights')).toHaveLength(0);
    expect(calls('/api/pcsx/match_details')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
    expect(screen.queryByRole('region', { name: /How you match/ })).toBeNull();
    // The job itself shows, with no failure anywhere.
    expect(screen.getByRole('region', { name: 'About the job' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns off one panel and keeps the other', async () => {
    overrides({ positionDetailsConfig: { showInsights: false } });
    openJob();
    expect(await screen.findByRole('region', { name: /How you match/ })).toBeTruthy();
    await settle();
    expect(calls('/api/pcsx/position_insights')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
    expect(calls('/api/pcsx/match_details')).toHaveLength(1);
  });

  it('turns on for one position what the tenant turns off', async () => {
    overrides({ positionDetailsConfig: { showInsights: true } });
    openJob({ pcsxConfig: { positionDetailsConfig: { showInsights: false, showMatchDetails: false } } });
    expect(await screen.findByRole('region', { name: 'Insights' })).toBeTruthy();
    await settle();
    expect(calls('/api/pcsx/position_insights')).toHaveLength(1);
    expect(calls('/api/pcsx/match_details')).toHaveLength(0);
  });

  it('falls back to the tenant defaults when the overrides call fails (non-200), never blocking the page', async () => {
    server.on('GET', '/api/pcsx/overrides', errorResponse(500, 'internal', 'boom'));
    const first = openJob();
    expect(await screen.findByRole('region', { name: 'Insights' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: /How you match/ })).toBeTruthy();
    expect(screen.queryByText('Failed to load position details')).toBeNull();
    first.unmount();
    const insightsAsked = calls('/api/pcsx/position_insights').length;

    // A tenant that turns insights off keeps them off when the overrides cannot be read.
    server.on('GET', '/api/pcsx/overrides', errorResponse(503, 'unavailable', 'later'));
    openJob({ pcsxConfig: { positionDetailsConfig: { showInsights: false, showMatchDetails: true } } });
    // The match panel appears once the overrides call has failed: by then insights would have been asked for.
    expect(await screen.findByRole('region', { name: /How you match/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
    expect(calls('/api/pcsx/position_insights')).toHaveLength(insightsAsked);
  });
});

describe('positionDetailsSettings', () => {
  const defaults = { showInsights: true, showMatchDetails: false };
  it('applies each override key over the tenant default, and nothing else', () => {
    expect(positionDetailsSettings(defaults, undefined)).toEqual(defaults);
    expect(positionDetailsSettings(defaults, {})).toEqual(defaults);
    expect(positionDetailsSettings(defaults, { positionDetailsConfig: {} })).toEqual(defaults);
    expect(positionDetailsSettings(defaults, { positionDetailsConfig: { showMatchDetails: true } })).toEqual({ showInsights: true, showMatchDetails: true });
    expect(positionDetailsSettings(defaults, { positionDetailsConfig: { showInsights: false } })).toEqual({ showInsights: false, showMatchDetails: false });
  });
});
