import { describe, expect, it } from 'vitest';
import { positionOverrides } from './position-overrides';

const position = { id: 7, department: 'Sales' };

describe('position overrides (GET /api/pcsx/overrides)', () => {
  it('merges default → department → position, key by key', () => {
    const config = {
      default: { applyLabel: 'Apply', positionDetailsConfig: { showInsights: true, showMatchDetails: true } },
      departments: { Sales: { positionDetailsConfig: { showInsights: false } }, Design: { applyLabel: 'Show us' } },
      positions: { '7': { applyLabel: 'Apply today' }, '8': { applyLabel: 'Other' } },
    };
    expect(positionOverrides(config, position)).toEqual({
      applyLabel: 'Apply today',
      positionDetailsConfig: { showInsights: false, showMatchDetails: true },
    });
    expect(positionOverrides(config, { id: 9, department: 'Design' })).toEqual({
      applyLabel: 'Show us',
      positionDetailsConfig: { showInsights: true, showMatchDetails: true },
    });
  });

  it('gives {} for no overrides or a malformed block', () => {
    expect(positionOverrides({}, position)).toEqual({});
    expect(positionOverrides({ departments: 'nope' }, position)).toEqual({});
    expect(positionOverrides({ default: { positionDetailsConfig: { showInsights: 'yes' } } }, position)).toEqual({});
  });

  it('never copies prototype keys nor reads inherited ones', () => {
    const hostile = JSON.parse('{"default":{"__proto__":{"polluted":true},"a":1},"departments":{"constructor":{"b":2}}}') as unknown;
    expect(positionOverrides(hostile, { id: 1, department: 'constructor' })).toEqual({ a: 1, b: 2 });
    expect(positionOverrides(hostile, { id: 1, department: 'toString' })).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
