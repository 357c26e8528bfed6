import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../test-helpers';

const pdf = (name: string, bytes: number) => new File([new Uint8Array(bytes).fill(1)], name, { type: 'application/pdf', lastModified: 1 });

describe('file upload (spec §3, §5)', () => {
  it('reads chosen files into base64 entries and submits them', async () => {
    const { user, onSubmit } = renderForm([{ name: 'resume', label: 'Resume', type: 'fileUpload', required: true, rules: [{ type: 'maxLength', value: 1 }] }]);
    const input = screen.getByLabelText(/Resume/) as HTMLInputElement;
    expect(input.accept).toBe('.doc,.docx,.pdf,.txt,.png,.jpg,.jpeg');
    expect(input.multiple).toBe(false);
    await user.upload(input, pdf('cv.pdf', 3));
    expect(await screen.findByText('cv.pdf (1 KB)')).toBeTruthy();
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
    expect(await screen.findByText('This file is larger than 0.000001 MB: big.pdf.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove big.pdf' }));
    expect(await screen.findByText('Documents is required')).toBeTruthy();
  });
});
