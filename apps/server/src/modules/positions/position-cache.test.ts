import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/app';
import { createPositionCache } from './position-cache';
import type { PositionRecord } from './positions.repository';
import { POSITIONS_REFRESH_MS, createPositionsVersionReader } from './positions-version';

function record(id: number, archivedAt: string | null = null): PositionRecord {
  return {
    id,
    tenantId: 't1',
    title: `Job ${id}`,
    department: 'Engineering',
    employmentType: 'FULL_TIME',
    seniority: 'mid',
    description: 'Builds robots.',
    skills: ['C++'],
    isRemote: false,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    postedAt: '2025-03-01T00:00:00.000Z',
    validThrough: null,
    archivedAt,
    updatedAt: '2025-03-01T00:00:00.000Z',
    locations: [],
  };
}

/** A repository over a mutable table that counts its reads, and a version the test bumps like the writer. */
function fixture() {
  const rows = new Map<string, PositionRecord>([['t1/1', record(1)], ['t2/1', { ...record(1), tenantId: 't2', title: 'Other tenant' }]]);
  const state = { version: 'v1', positionReads: 0, versionReads: 0 };
  const clock = manualClock();
  const cache = createPositionCache({
    repository: {
      async findById(tenantId, id) {
        state.positionReads += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
        return rows.get(`${tenantId}/${id}`) ?? null;
      },
    },
    version: createPositionsVersionReader({
      readVersion: async () => {
        state.versionReads += 1;
        return state.version;
      },
      clock,
    }),
  });
  return { rows, state, clock, cache };
}

describe('position cache', () => {
  it('reads a position once and answers again from memory', async () => {
    const { cache, state } = fixture();
    expect((await cache.findById('t1', 1))?.title).toBe('Job 1');
    expect((await cache.findById('t1', 1))?.title).toBe('Job 1');
    expect(state.positionReads).toBe(1);
  });

  it('keeps tenants apart: the same id in another tenant is another position', async () => {
    const { cache } = fixture();
    expect((await cache.findById('t1', 1))?.title).toBe('Job 1');
    expect((await cache.findById('t2', 1))?.title).toBe('Other tenant');
    expect(await cache.findById('t3', 1)).toBeNull();
  });

  it('shares one read between concurrent misses', async () => {
    const { cache, state } = fixture();
    const answers = await Promise.all([cache.findById('t1', 1), cache.findById('t1', 1), cache.findById('t1', 1)]);
    expect(answers.map((answer) => answer?.id)).toEqual([1, 1, 1]);
    expect(state.positionReads).toBe(1);
  });

  it('does not keep unknown ids, so a position created later is found', async () => {
    const { cache, rows, state } = fixture();
    expect(await cache.findById('t1', 2)).toBeNull();
    rows.set('t1/2', record(2));
    expect((await cache.findById('t1', 2))?.id).toBe(2);
    expect(state.positionReads).toBe(2);
  });

  it('sees a change (an archived job) once the version moved and the refresh interval passed, not before', async () => {
    const { cache, rows, state, clock } = fixture();
    expect((await cache.findById('t1', 1))?.archivedAt).toBeNull();
    rows.set('t1/1', record(1, '2025-03-02T00:00:00.000Z'));
    state.version = 'v2';
    clock.advance(POSITIONS_REFRESH_MS - 1);
    expect((await cache.findById('t1', 1))?.archivedAt).toBeNull();
    clock.advance(1);
    expect((await cache.findById('t1', 1))?.archivedAt).toBe('2025-03-02T00:00:00.000Z');
  });

  it('reads the version at most once per refresh interval per tenant, and again if the clock goes back', async () => {
    const { cache, state, clock } = fixture();
    for (let i = 0; i < 5; i++) await cache.findById('t1', 1);
    expect(state.versionReads).toBe(1);
    await cache.findById('t2', 1);
    expect(state.versionReads).toBe(2);
    clock.advance(-1);
    await cache.findById('t1', 1);
    expect(state.versionReads).toBe(3);
  });

  it('a change too large to name its ids (reload) drops the whole tenant at once, without waiting for the poll', async () => {
    const { cache, rows, state } = fixture();
    rows.set('t1/2', record(2));
    await cache.findById('t1', 1);
    await cache.findById('t1', 2);
    await cache.findById('t2', 1);
    const reads = state.positionReads;
    rows.set('t1/1', { ...record(1), title: 'Renamed by a batch' });
    rows.set('t1/2', record(2, '2025-03-02T00:00:00.000Z'));
    state.version = 'v2';
    cache.applyChange({ tenantId: 't1', previousVersion: 'v1', version: 'v2', ids: [], kind: 'batch', reload: true });
    // The clock has not moved: only the message can have dropped the entries.
    expect((await cache.findById('t1', 1))?.title).toBe('Renamed by a batch');
    expect((await cache.findById('t1', 2))?.archivedAt).toBe('2025-03-02T00:00:00.000Z');
    expect(state.positionReads).toBe(reads + 2);
    // Another tenant's entries stay.
    expect((await cache.findById('t2', 1))?.title).toBe('Other tenant');
    expect(state.positionReads).toBe(reads + 2);
  });

  it('does not keep a failed read', async () => {
    const clock = manualClock();
    let fail = true;
    const cache = createPositionCache({
      repository: {
        async findById() {
          if (fail) throw new Error('database down');
          return record(1);
        },
      },
      version: createPositionsVersionReader({ readVersion: async () => 'v1', clock }),
    });
    await expect(cache.findById('t1', 1)).rejects.toThrow('database down');
    fail = false;
    expect((await cache.findById('t1', 1))?.id).toBe(1);
  });
});
