import type { ParsedResume, ResumeUploadResponse } from '@careers/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ResumeImport } from './resume-import';
import { isolate } from '../../../ui/bdi';

const parsed: ParsedResume = {
  contact: { firstName: 'Adaeze', lastName: 'Okafor', email: 'adaeze@example.com', phone: '+44 20 7946 0958', headline: 'Senior Backend Engineer' },
  location: 'London, UK',
  links: [{ label: 'GitHub', url: 'https://github.com/aokafor' }],
  workExperience: [
    { title: 'Senior Backend Engineer', company: 'Brightwave Labs', location: null, startDate: '2021-03', endDate: null, isCurrent: true, description: null },
    { title: 'Software Engineer', company: 'Tessellate Ltd', location: null, startDate: '2017-09', endDate: '2021-02', isCurrent: false, description: null },
  ],
  education: [{ school: 'University of Lagos', degree: 'BSc', fieldOfStudy: 'Computer Science', startDate: '2012-09', endDate: '2016-07', isCurrent: false, description: null }],
  skills: ['Node.js', 'TypeScript', 'Docker'],
  languages: [{ name: 'English', proficiency: 'native' }],
  certifications: [],
};

const response: ResumeUploadResponse = {
  candidate: { encId: 'c1', email: 'ada@acme.example', firstName: 'Ada', lastName: 'Lovelace', location: 'London, UK' },
  parsed,
  resume: { fileName: 'cv.pdf', contentType: 'application/pdf', size: 1200, uploadedAt: '2025-03-01T09:00:00.000Z' },
};

const pdfFile = () => new File(['%PDF-1.7 resume'], 'cv.pdf', { type: 'application/pdf' });

// Generous time limits: the flows click through several steps and CI hosts are shared.
describe('ResumeImport', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof installFetchMock>;
  beforeEach(() => {
    server = installFetchMock();
    server.on('GET', '/api/pcsx/resume', jsonResponse(200, { data: null }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('chosen → confirmed → uploaded → reviewed → only the kept parts are saved', async () => {
    server.on('POST', '/api/pcsx/upload_resume', jsonResponse(200, response));
    server.on('POST', '/api/pcsx/profile_edit', jsonResponse(200, { data: {} }));
    const onSaved = vi.fn();
    const { user, container } = renderWithProviders(<ResumeImport maxFileSizeMB={10} companyName="Acme Robotics" onSaved={onSaved} />);
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdfFile());

    const confirm = await screen.findByRole('dialog', { name: 'Upload this resume?' });
    expect(within(confirm).getByText('cv.pdf')).not.toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Upload and read' }));

    const review = await screen.findByRole('dialog', { name: 'Review what we found' });
    const upload = server.callsTo('POST', '/api/pcsx/upload_resume')[0];
    expect((upload?.body as FormData).get('resume_file_name')).toBe('cv.pdf');
    expect(String((upload?.body as FormData).get('resume_content'))).toMatch(/^data:application\/pdf;base64,/);

    await user.click(within(review).getByRole('checkbox', { name: /Software Engineer · Tessellate Ltd/ }));
    await user.click(within(review).getByRole('button', { name: `${isolate('Docker')}, kept` }));
    expect(within(review).getByRole('button', { name: `${isolate('Docker')}, left out` }).getAttribute('aria-pressed')).toBe('false');
    await user.click(within(review).getByRole('button', { name: 'Save to profile' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const saved = server.callsTo('POST', '/api/pcsx/profile_edit')[0]?.body as { op_section: string; operation: string; op_data: { value: ParsedResume } };
    expect(saved.op_section).toBe('resume_import');
    expect(saved.operation).toBe('merge');
    expect(saved.op_data.value.workExperience.map((job) => job.company)).toEqual(['Brightwave Labs']);
    expect(saved.op_data.value.skills).toEqual(['Node.js', 'TypeScript']);
    expect(onSaved.mock.calls[0]?.[0].candidate.location).toBe('London, UK');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel closes the confirmation and nothing is sent', async () => {
    const { user, container } = renderWithProviders(<ResumeImport maxFileSizeMB={10} companyName="Acme" />);
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdfFile());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('POST', '/api/pcsx/upload_resume')).toHaveLength(0);
  });

  it('shows the server’s reason for a refused file', async () => {
    const message = 'No text could be found in the PDF: it may be a scanned image. Upload a PDF saved from your word processor, or a Word (.docx) file.';
    server.on('POST', '/api/pcsx/upload_resume', errorResponse(422, 'validation_failed', message));
    const { user, container } = renderWithProviders(<ResumeImport maxFileSizeMB={10} companyName="Acme" />);
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdfFile());
    await user.click(await screen.findByRole('button', { name: 'Upload and read' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Choose another file' })).not.toBeNull();
  });

  it('refuses a file too large or of the wrong kind before sending it', async () => {
    const { user, container } = renderWithProviders(<ResumeImport maxFileSizeMB={1} companyName="Acme" />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(1048577)], 'big.pdf'));
    expect((await screen.findByRole('alert')).textContent).toContain('larger than 1 MB');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // The picker's accept list would hide it; a drop or an old browser would not.
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Upload your resume as a PDF');
    expect(server.callsTo('POST', '/api/pcsx/upload_resume')).toHaveLength(0);
  });
});
