import { SIGNED_UPLOAD_MAX_BYTES } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { checkSignedUpload } from './signed-upload-rules';

const pdf = (name = 'signed.pdf', size?: number) => {
  const head = '%PDF-1.7\n';
  const body = size === undefined ? head : head + 'x'.repeat(Math.max(0, size - head.length));
  return new File([body], name, { type: 'application/pdf' });
};

describe('checkSignedUpload (spec §5 Upload, §9: 1 file, PDF; 10 MB)', () => {
  it('accepts one PDF and an empty selection (submit ignores that)', async () => {
    await expect(checkSignedUpload([pdf()])).resolves.toBeNull();
    await expect(checkSignedUpload([])).resolves.toBeNull();
  });

  it('refuses two files', async () => {
    await expect(checkSignedUpload([pdf('a.pdf'), pdf('b.pdf')])).resolves.toEqual({ kind: 'too_many' });
  });

  it('refuses what is not a PDF by name or type, and a renamed file by its first bytes', async () => {
    await expect(checkSignedUpload([new File(['hello'], 'letter.docx', { type: 'application/msword' })])).resolves.toEqual({
      kind: 'not_pdf',
      fileName: 'letter.docx',
    });
    await expect(checkSignedUpload([new File(['MZ\x90\x00'], 'tool.pdf', { type: 'application/pdf' })])).resolves.toEqual({
      kind: 'not_pdf',
      fileName: 'tool.pdf',
    });
  });

  it('refuses an empty file and one byte over 10 MB, not the limit itself', async () => {
    await expect(checkSignedUpload([new File([], 'empty.pdf', { type: 'application/pdf' })])).resolves.toEqual({
      kind: 'empty',
      fileName: 'empty.pdf',
    });
    await expect(checkSignedUpload([pdf('big.pdf', SIGNED_UPLOAD_MAX_BYTES + 1)])).resolves.toEqual({
      kind: 'too_large',
      fileName: 'big.pdf',
    });
    await expect(checkSignedUpload([pdf('max.pdf', SIGNED_UPLOAD_MAX_BYTES)])).resolves.toBeNull();
  });
});
