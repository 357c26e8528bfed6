import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';
import { isolate } from '../../ui/bdi';
import { sentence } from '../../test/text';

const pdf = (name: string, bytes: number) => new File([new Uint8Array(bytes).fill(1)], name, { type: 'application/pdf', lastModified: 1 });

describe('file upload (spec §3, §5)', () => {
  it('reads chosen files into base64 entries and submits them', async () => {
    const { user, onSubmit } = renderForm([{ name: 'resume', label: 'Resume', type: 'fileUpload', required: true, rules: [{ type: 'maxLength', value: 1 }] }]);
    const input = screen.getByLabelText(/Resume/) as HTMLInputElement;
    expect(input.accept).toBe('.doc,.docx,.pdf,.txt,.png,.jpg,.jpeg');
    expect(input.multiple).toBe(false);
    await user.upload(input, pdf('cv.pdf', 3));
    expect(await screen.findByText(sentence('cv.pdf (1 KB)'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      resume: [expect.objectContaining({ name: 'cv.pdf', size: 3, type: 'application/pdf', content: 'AQEB', status: 'done' })],
    });
  });

  it('judges files as soon as they are chosen or removed', async () => {
    const { user } = renderForm([
      { name: 'docs', label: 'Documents', type: 'file_upload', required: true, rules: [{ type: 'maxFileSizeMB', value: 0.000001 }], fileUploadOptions: { allowedTypes: ['pdf'] } },
    ]);
    const input = screen.getByLabelText(/Documents/) as HTMLInputElement;
    await user.upload(input, [pdf('big.pdf', 2)]);
    expect(await screen.findByText(`This file is larger than 0.000001 MB: ${isolate('big.pdf')}.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Remove ${isolate('big.pdf')}` }));
    expect(await screen.findByText(`${isolate('Documents')} is required`)).toBeTruthy();
  });

  describe('the candidate’s stored resume (prefilledFrom resume)', () => {
    const stored = { uid: 'seed-resume-1', fileId: 'seed-resume-1', name: 'Ada Lovelace - Resume.pdf', size: 20_480, type: 'pdf', uploadedAt: '2026-03-14T10:00:00.000Z', stored: 'resume', status: 'done' };
    const item = { name: 'resume', label: 'Resume', type: 'file_upload', required: true, rules: [{ type: 'maxLength', value: 2 }] };

    it('shows the stored resume with its size and upload date as the answer, and submits it by reference', async () => {
      const { user, onSubmit } = renderForm([item], { defaultValues: { resume: [stored] } });
      // The file's name is the candidate's, isolated in our "{name} ({size} KB)".
      const fileName = screen.getByText('Ada Lovelace - Resume.pdf');
      expect(fileName.tagName).toBe('BDI');
      expect(fileName.parentElement?.textContent).toMatch(/^Ada Lovelace - Resume\.pdf \(20 KB\) /);
      expect(screen.getByText(`Your saved resume, uploaded ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(stored.uploadedAt))}`)).toBeTruthy();
      expect((screen.getByLabelText(/Resume/, { selector: 'input' }) as HTMLInputElement).className).toContain('form-visually-hidden');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toEqual({ resume: [stored] });
    });

    it('“Use a different file” replaces the stored resume with the chosen file', async () => {
      const { user, onSubmit } = renderForm([item], { defaultValues: { resume: [stored] } });
      const input = screen.getByLabelText(/Resume/, { selector: 'input' }) as HTMLInputElement;
      await user.click(screen.getByRole('button', { name: 'Use a different file' }));
      await user.upload(input, pdf('new-cv.pdf', 3));
      expect(await screen.findByText(sentence('new-cv.pdf (1 KB)'))).toBeTruthy();
      expect(screen.queryByText(/Ada Lovelace - Resume\.pdf/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Use a different file' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toEqual({ resume: [expect.objectContaining({ name: 'new-cv.pdf', content: 'AQEB' })] });
    });

    it('removing the stored resume leaves the field empty, required again, with the picker shown', async () => {
      const { user, onSubmit } = renderForm([item], { defaultValues: { resume: [stored] } });
      await user.click(screen.getByRole('button', { name: `Remove ${isolate('Ada Lovelace - Resume.pdf')}` }));
      expect(await screen.findByText(`${isolate('Resume')} is required`)).toBeTruthy();
      expect((screen.getByLabelText(/Resume/, { selector: 'input' }) as HTMLInputElement).className).not.toContain('form-visually-hidden');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });
});
