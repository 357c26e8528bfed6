import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Issue 13 "Right-to-left for ar and he: logical CSS properties throughout". A physical left/right is allowed
// only where the comment above it says the element is centred (the same in both directions).
const web = fileURLToPath(new URL('../../apps/web/src', import.meta.url));
const PHYSICAL = /(^|[\s;{])((margin|padding|border)-(left|right)(-[a-z]+)?|left|right)\s*:|text-align\s*:\s*(left|right)|float\s*:\s*(left|right)/;

function* cssFiles(directory) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* cssFiles(path);
    else if (name.endsWith('.css')) yield path;
  }
}

it('the web styles use logical properties (inline-start, not left) except for centring', () => {
  const found = [];
  for (const file of cssFiles(web)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (!PHYSICAL.test(line) || line.trim().startsWith('/*')) return;
      const before = lines.slice(Math.max(0, index - 3), index).join('\n');
      if (/Centred/.test(before)) return;
      found.push(`${relative(web, file)}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});
