#!/usr/bin/env node
// Issue 13 figure: what drawing every script costs. Renders a 10-page offer letter and signs it (stamp +
// certificate page), in-process, from the server's sources of one or more trees — this checkout and a
// baseline checkout (e.g. a worktree at the commit before the typesetter) — alternating one round each so
// both see the same machine load. Each tree runs in its own child process (tsx), warmed up first.
// Usage: node bench/pdf-typesetting.mjs [--runs 15] [--baseline /path/to/older/checkout] [--locales en,ja,ar]
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', '15'));
const baseline = arg('baseline', null);
const locales = arg('locales', 'en,ja,ar').split(',');

/** One measuring child: renders and signs `rounds` times in `locale`, prints the times as JSON. */
const child = (tree, locale, rounds) => `
import { renderOfferLetterPdf } from '${tree}/apps/server/src/modules/pdf/offer-letter.pdf.ts';
import { stampSignedPdf } from '${tree}/apps/server/src/modules/pdf/signing.pdf.ts';
const names = { en: ['Ada Lovelace', 'Acme Robotics'], ja: ['山田 太郎', '株式会社アクメ'], ar: ['ليلى حداد', 'Acme Robotics'] };
const [name, company] = names['${locale}'] ?? names.en;
const input = { companyName: company, candidateName: name, positionName: 'Senior Robotics Engineer', salaryText: '$145,000 per year',
  startDate: new Date('2026-04-06T00:00:00Z'), managerName: 'Grace Hopper', offerId: 'off_7Hk2', pages: 10,
  issuedAt: new Date('2026-03-01T09:00:00Z'), expiresAt: new Date('2026-03-15T23:59:59Z'), locale: '${locale}' };
const sign = (original) => stampSignedPdf({ original, signerName: name, signerEmail: 'x@example.com', signedAt: new Date('2026-03-10T12:34:56Z'),
  ip: '203.0.113.42', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', offerId: 'off_7Hk2', documentId: 'doc_91aa', method: 'inline',
  consentText: 'I agree to sign this offer letter electronically.', consentVersion: 'v1', locale: '${locale}' });
for (let i = 0; i < 2; i++) await sign(await renderOfferLetterPdf(input));
const render = [], signing = [];
let size = 0;
for (let i = 0; i < ${rounds}; i++) {
  let t = performance.now();
  const letter = await renderOfferLetterPdf(input);
  render.push(performance.now() - t);
  t = performance.now();
  const signed = await sign(letter);
  signing.push(performance.now() - t);
  size = signed.signedPdf.length;
}
console.log(JSON.stringify({ render, signing, size }));
`;

const dir = mkdtempSync(join(tmpdir(), 'pdf-bench-'));
function measure(tree, locale, rounds) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(file, child(tree, locale, rounds));
  const result = spawnSync(join(root, 'node_modules/.bin/tsx'), [file], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`${tree} ${locale}: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

const trees = [['this', root], ...(baseline ? [['baseline', baseline]] : [])];
const results = {};
// Alternate trees round by round: a few rounds per child so start-up is not what is measured.
const perChild = 5;
for (let done = 0; done < runs; done += perChild) {
  for (const locale of locales) {
    for (const [label, tree] of trees) {
      if (label === 'baseline' && locale !== 'en') continue; // the baseline draws English only
      const key = `${label} ${locale}`;
      const { render, signing, size } = measure(tree, locale, Math.min(perChild, runs - done));
      results[key] ??= { render: [], signing: [], size };
      results[key].render.push(...render);
      results[key].signing.push(...signing);
    }
  }
}
console.log('| tree, language | render 10-page letter (median) | stamp + certificate (median) | signed PDF size |');
console.log('|---|---|---|---|');
for (const [key, { render, signing, size }] of Object.entries(results)) {
  console.log(`| ${key} | ${median(render).toFixed(1)} ms | ${median(signing).toFixed(1)} ms | ${(size / 1024).toFixed(0)} KB |`);
}
