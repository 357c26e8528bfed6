import { describe, expect, it } from 'vitest';
import { FormDefinitionSchema } from './form-definition';
import { fieldErrorKeys, fieldErrorMessages, judgeSubmission, withoutFileContents } from './submission';

const definition = FormDefinitionSchema.parse({
  sections: [
    {
      title: 'Contact',
      items: [
        { name: 'email', label: 'Email', type: 'email', required: true },
        { name: 'relocate', label: 'Relocate?', type: 'checkbox' },
        { name: 'city', label: 'City', type: 'text', visibility: { field: 'relocate', op: 'isTrue' } },
      ],
    },
  ],
});

describe('judgeSubmission', () => {
  it('accepts a valid body and keeps visible answers only, naming what it dropped', () => {
    expect(judgeSubmission(definition, { email: ' ada@example.com ', relocate: false, city: 'Paris', role: 'admin' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', relocate: false },
      dropped: { hidden: ['city'], unknown: ['role'] },
    });
  });

  it('refuses an invalid body with per-field errors, in English and as keys', () => {
    const verdict = judgeSubmission(definition, { email: 'nope' });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(fieldErrorMessages(verdict.errors)).toEqual({ email: 'Email is invalid. Use the format "name@example.com".' });
    expect(fieldErrorKeys(verdict.errors)).toEqual({ email: { key: 'forms:errors.email', params: { email: 'name@example.com' } } });
    expect(judgeSubmission(definition, 'not an object')).toMatchObject({ ok: false, dropped: { hidden: [], unknown: [] } });
  });
});

describe('withoutFileContents (one function, two rules for unsent files)', () => {
  const values = {
    first_name: 'Ada',
    skills: ['Python', 'Rust'],
    rows: [{ company: 'Analytical Engines', from: '1842-01-01' }],
    resume: [
      { fileId: 'f1', name: 'old.pdf', size: 9, type: 'application/pdf' },
      { uid: 'u2', name: 'new.pdf', size: 3, type: 'application/pdf', content: 'JVBERi0=' },
    ],
    cover: [{ uid: 'u3', name: 'cover.pdf', size: 3, type: 'application/pdf', content: 'JVBERi0=' }],
    portfolio: [{ fileId: 'f9', name: 'work.pdf', size: 5, type: 'application/pdf' }],
  };

  it('keepMetadata: every file entry stays without its bytes (drafts, saved progress of a requested form)', () => {
    const kept = withoutFileContents(values, { unsentFiles: 'keepMetadata' });
    expect(kept).toEqual({
      first_name: 'Ada',
      skills: ['Python', 'Rust'],
      rows: [{ company: 'Analytical Engines', from: '1842-01-01' }],
      resume: [
        { fileId: 'f1', name: 'old.pdf', size: 9, type: 'application/pdf' },
        { uid: 'u2', name: 'new.pdf', size: 3, type: 'application/pdf' },
      ],
      cover: [{ uid: 'u3', name: 'cover.pdf', size: 3, type: 'application/pdf' }],
      portfolio: [{ fileId: 'f9', name: 'work.pdf', size: 5, type: 'application/pdf' }],
    });
    expect(JSON.stringify(kept)).not.toContain('JVBERi0=');
  });

  it('drop: unsent files leave, stored ones stay, and a field left with none goes (the apply tab copy and its draft)', () => {
    const kept = withoutFileContents(values, { unsentFiles: 'drop' });
    expect(kept).toEqual({
      first_name: 'Ada',
      skills: ['Python', 'Rust'],
      rows: [{ company: 'Analytical Engines', from: '1842-01-01' }],
      resume: [{ fileId: 'f1', name: 'old.pdf', size: 9, type: 'application/pdf' }],
      portfolio: [{ fileId: 'f9', name: 'work.pdf', size: 5, type: 'application/pdf' }],
    });
    expect(kept).not.toHaveProperty('cover');
  });

  it('leaves the values it is given untouched, and values without files equal under both rules', () => {
    const before = structuredClone(values);
    withoutFileContents(values, { unsentFiles: 'drop' });
    withoutFileContents(values, { unsentFiles: 'keepMetadata' });
    expect(values).toEqual(before);
    const plain = { a: 'x', b: [1, null, 'y'], c: null, d: true };
    expect(withoutFileContents(plain, { unsentFiles: 'drop' })).toEqual(plain);
    expect(withoutFileContents(plain, { unsentFiles: 'keepMetadata' })).toEqual(plain);
  });
});
