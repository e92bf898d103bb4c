import { fileURLToPath } from 'node:url';
import { writeGeneratedFile } from '../../../../tools/generated-file.ts';
import { buildOpenApiDocument } from './document.ts';

/** `npm run openapi` writes the committed openapi.json; `--check` fails when it is stale. */
const target = fileURLToPath(new URL('../../../../openapi.json', import.meta.url));
writeGeneratedFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`, {
  name: 'openapi.json',
  command: 'npm run openapi',
});
