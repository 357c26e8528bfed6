import { afterEach, describe, expect, it } from 'vitest';
import { readFormCopy, removeFormCopy, writeFormCopy } from './form-copies';

afterEach(() => sessionStorage.clear());

describe('form copies (issue 9: nothing typed is lost; QUALITY T24: nothing left after sign-out)', () => {
  it('keeps what was typed for its scope, without file contents', () => {
    writeFormCopy('apply:acme.example', {
      scope: [11, 12],
      values: {
        first_name: 'Ada',
        resume: [
          { uid: 'a', name: 'cv.pdf', size: 3, type: 'application/pdf', content: 'JVBERi0=', status: 'done' },
          { fileId: 'f1', name: 'old.pdf', size: 9, type: 'application/pdf' },
        ],
        skills: ['Python'],
      },
    });
    const copy = readFormCopy('apply:acme.example');
    expect(copy?.scope).toEqual([11, 12]);
    expect(copy?.values).toEqual({ first_name: 'Ada', resume: [{ fileId: 'f1', name: 'old.pdf', size: 9, type: 'application/pdf' }], skills: ['Python'] });
    expect(JSON.stringify(sessionStorage)).not.toContain('JVBERi0=');
    removeFormCopy('apply:acme.example');
    expect(readFormCopy('apply:acme.example')).toBeNull();
  });

  it('drops a file list whose files were all unsent, and reads garbage as nothing', () => {
    writeFormCopy('apply:unsent', { scope: [1], values: { resume: [{ uid: 'a', name: 'cv.pdf', content: 'x' }] } });
    expect(readFormCopy('apply:unsent')?.values).toEqual({});
    sessionStorage.setItem('careers.form-copy:broken', '{not json');
    expect(readFormCopy('broken')).toBeNull();
  });
});
