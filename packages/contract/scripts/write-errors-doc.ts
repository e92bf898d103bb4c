import { fileURLToPath } from 'node:url';
import { writeGeneratedFile } from '../../../tools/generated-file.ts';
import { renderErrorsDoc } from './errors-doc.ts';

/** `npm run docs:errors` writes docs/errors.md from the error catalogue; `--check` fails when it is stale. */
const target = fileURLToPath(new URL('../../../docs/errors.md', import.meta.url));
writeGeneratedFile(target, renderErrorsDoc(), { name: 'docs/errors.md', command: 'npm run docs:errors' });
