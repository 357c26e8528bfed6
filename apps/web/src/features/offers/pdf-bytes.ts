/** Decodes a base64 PDF (spec §3 Offer document `b64_string`); throws on text that is not base64. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = window.atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The letter as a PDF Blob, or null when there are no bytes. */
export function pdfBlobFromBase64(base64: string | null | undefined): Blob | null {
  if (!base64 || base64.trim() === '') return null;
  return new Blob([base64ToBytes(base64)], { type: 'application/pdf' });
}
