// Issue 11: the resume parser's precision and recall per field over the sample resumes
// (apps/server/src/modules/resume/fixtures: 22 generated PDF, DOCX and TXT resumes with their expected fields),
// and the time to read a 3-page PDF resume (text extraction with unpdf + parsing), median of 20 after 3 warm-ups.
// Extraction runs in this process here; on the server it runs in the bounded worker thread.
//   node --import tsx bench/resume-parse.mjs [--runs 20]
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadFixtures, scoreFixtures, FIXTURES_DIR } from '../apps/server/src/modules/resume/fixtures/fixture-scoring.ts';
import { extractResumeText } from '../apps/server/src/modules/resume/resume-extract.ts';
import { parseResume } from '../apps/server/src/modules/resume/parse/resume-parser.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

const fixtures = await loadFixtures();
const { table } = await scoreFixtures(fixtures);
const percent = (value) => `${(value * 100).toFixed(1)}%`;
console.log(`Parser over ${fixtures.length} sample resumes (load ${load()})`);
console.log('| field | precision | recall | found right | found wrong | missed |');
console.log('|---|---|---|---|---|---|');
for (const row of table) console.log(`| ${row.field} | ${percent(row.precision)} | ${percent(row.recall)} | ${row.truePositives} | ${row.falsePositives} | ${row.falseNegatives} |`);

const pdf = new Uint8Array(await readFile(new URL('22-sara-lindqvist-long.pdf', FIXTURES_DIR)));
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const extractTimes = [];
const parseTimes = [];
const totalTimes = [];
for (let i = 0; i < runs + 3; i++) {
  const start = performance.now();
  const extracted = await extractResumeText(pdf);
  const mid = performance.now();
  if (!extracted.ok) throw new Error(extracted.message);
  parseResume(extracted.text);
  const end = performance.now();
  if (i < 3) continue;
  extractTimes.push(mid - start);
  parseTimes.push(end - mid);
  totalTimes.push(end - start);
}
console.log(`\n3-page PDF (${pdf.length} bytes), median of ${runs} (load ${load()}): extraction ${median(extractTimes).toFixed(1)} ms + parsing ${median(parseTimes).toFixed(1)} ms = ${median(totalTimes).toFixed(1)} ms`);
