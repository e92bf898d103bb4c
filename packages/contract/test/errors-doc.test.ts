import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../src/errors.ts';
import { renderErrorsDoc } from '../scripts/errors-doc.ts';

describe('docs/errors.md', () => {
  const committed = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

  it('is what the error catalogue renders now (run `npm run docs:errors` after changing errors.ts)', () => {
    expect(committed).toBe(renderErrorsDoc());
  });

  it('has a section for every catalogue code', () => {
    for (const code of errorCodes) expect(committed).toContain(`\n## ${code}\n`);
  });
});
