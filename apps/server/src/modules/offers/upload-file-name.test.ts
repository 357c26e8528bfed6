import { describe, expect, it } from 'vitest';
import { checkUploadFileName } from './upload-file-name';

describe('checkUploadFileName', () => {
  it('keeps ordinary and Unicode names, normalised to NFC and trimmed', () => {
    for (const name of ['offer.pdf', 'Signed offer (final).pdf', 'Łukasz Żółć – oferta.pdf', 'オファーレター.pdf', 'عرض العمل.pdf', '✅ signed 👩‍💻.pdf', 'scan', 'résumé.PDF']) {
      expect(checkUploadFileName(name)).toEqual({ ok: true, name });
    }
    expect(checkUploadFileName('  offer.pdf ')).toEqual({ ok: true, name: 'offer.pdf' });
    expect(checkUploadFileName('re\u0301sume\u0301.pdf')).toEqual({ ok: true, name: 'résumé.pdf' });
  });
  it('drops directory parts browsers used to send', () => {
    expect(checkUploadFileName('C:\\fakepath\\signed.pdf')).toEqual({ ok: true, name: 'signed.pdf' });
    expect(checkUploadFileName('Documents/offers/signed.pdf')).toEqual({ ok: true, name: 'signed.pdf' });
  });
  it('refuses directory climbing, however it is written', () => {
    for (const name of ['../signed.pdf', '..\\..\\boot.ini', 'a/../../etc/passwd', '..', '.', '/', '%2e%2e%2fsigned.pdf', '..%c0%afsigned.pdf', '．．／signed.pdf', '..%5csigned.pdf']) {
      expect(checkUploadFileName(name).ok).toBe(false);
    }
  });
  it('refuses control characters, bidi overrides and broken Unicode', () => {
    for (const name of ['signed.pdf\u0000.exe', 'signed.pdf\r\nContent-Type: text/html', 'tab\there.pdf', 'gpj.exe\u202Efdp.pdf', 'a\u2066b.pdf', '\ufeffsigned.pdf', 'bad\ud800.pdf', 'del\u007f.pdf', 'c1\u0085.pdf']) {
      expect(checkUploadFileName(name)).toEqual({ ok: false, message: expect.stringContaining('not allowed') });
    }
  });
  it('refuses empty and overlong names', () => {
    expect(checkUploadFileName('')).toMatchObject({ ok: false, message: expect.stringContaining('no name') });
    expect(checkUploadFileName('   ')).toMatchObject({ ok: false });
    expect(checkUploadFileName(`${'a'.repeat(251)}.pdf`)).toMatchObject({ ok: true });
    expect(checkUploadFileName(`${'a'.repeat(252)}.pdf`)).toMatchObject({ ok: false, message: expect.stringContaining('longer than 255') });
  });
});
