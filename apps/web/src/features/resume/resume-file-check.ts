import { RESUME_FILE_TYPES } from '@careers/contracts';

/**
 * The checks the browser can make before a file leaves it (the server judges the bytes again): a name ending
 * in a type resumes are read from, not empty, within the tenant's size. Anything it lets through may still be
 * refused by the server, whose message is then shown.
 */
export type ResumeFileProblem = 'empty' | 'tooLarge' | 'wrongType';

export function checkResumeFile(file: Pick<File, 'name' | 'size'>, maxMb: number): ResumeFileProblem | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(RESUME_FILE_TYPES as readonly string[]).includes(extension)) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > maxMb * 1048576) return 'tooLarge';
  return null;
}

/** The file as a data URL, reporting how much has been read (0–1). */
export function readAsDataUrl(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      onProgress(1);
      resolve(String(reader.result));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
