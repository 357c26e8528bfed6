import { describe, expect, it } from 'vitest';
import { descriptionBlocks, descriptionSummary } from './position-description';
import { locationText, orderLocationsForQuery, positionLocationLabel } from './position-location';

const boston = { city: 'Boston', region: 'MA', country: 'US', lat: 42.36, lng: -71.06 };
const montreal = { city: 'Montréal', region: 'QC', country: 'CA', lat: 45.5, lng: -73.57 };
const london = { city: 'London', region: null, country: 'GB', lat: 51.5, lng: -0.12 };

describe('descriptionBlocks', () => {
  it('splits paragraphs on blank lines and reads bullets as list items', () => {
    expect(descriptionBlocks('Intro line one\nline two\n\n- first\n* second\n• third\nAfter list\r\n\r\nEnd')).toEqual([
      { kind: 'paragraph', text: 'Intro line one line two' },
      { kind: 'list', items: ['first', 'second', 'third'] },
      { kind: 'paragraph', text: 'After list' },
      { kind: 'paragraph', text: 'End' },
    ]);
    expect(descriptionBlocks('')).toEqual([]);
    expect(descriptionBlocks('\n\n  \n')).toEqual([]);
  });

  it('keeps markup as text (it is never HTML)', () => {
    expect(descriptionBlocks('<b>bold</b>')).toEqual([{ kind: 'paragraph', text: '<b>bold</b>' }]);
  });

  it('summarises at a word boundary', () => {
    expect(descriptionSummary('Short.')).toBe('Short.');
    const summary = descriptionSummary('word '.repeat(100), 30);
    expect(summary.length).toBeLessThanOrEqual(30);
    expect(summary.endsWith('word…')).toBe(true);
    expect(descriptionSummary('- a\n- b')).toBe('a; b');
  });
});

describe('location labels', () => {
  it('formats one place, several, and remote roles', () => {
    expect(locationText(london)).toBe('London, GB');
    expect(positionLocationLabel([boston], false)).toBe('Boston, MA, US');
    expect(positionLocationLabel([boston, montreal, london], false)).toBe('Boston, MA, US +2 more');
    expect(positionLocationLabel([], true)).toBe('Remote');
    expect(positionLocationLabel([boston, montreal, boston], true)).toBe('Remote (US, CA)');
    expect(positionLocationLabel([], false)).toBe('');
  });

  it('puts the queried location first, ignoring case and accents', () => {
    expect(orderLocationsForQuery([boston, montreal, london], 'montreal').map((l) => l.city)).toEqual(['Montréal', 'Boston', 'London']);
    expect(orderLocationsForQuery([boston, montreal], 'Montreal, QC').map((l) => l.city)).toEqual(['Montréal', 'Boston']);
    expect(orderLocationsForQuery([boston, montreal], undefined).map((l) => l.city)).toEqual(['Boston', 'Montréal']);
    expect(orderLocationsForQuery([boston, montreal], 'Tokyo').map((l) => l.city)).toEqual(['Boston', 'Montréal']);
  });
});
