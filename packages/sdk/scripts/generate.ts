import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { writeGeneratedFile } from '../../../tools/generated-file.ts';

/**
 * `npm run generate -w @textline/sdk` writes src/generated/openapi.ts, the types of every path,
 * schema and webhook of the committed openapi.json (openapi-typescript); `--check` fails when the
 * committed file is not what openapi.json generates now, as `npm run openapi:check` does for openapi.json.
 */
const source = new URL('../../../openapi.json', import.meta.url);
const target = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

const document = JSON.parse(readFileSync(source, 'utf8')) as Parameters<typeof openapiTS>[0];
const ast = await openapiTS(document, { alphabetize: false, exportType: true });
const generated = `// Generated from openapi.json by \`npm run generate -w @textline/sdk\` (openapi-typescript). Do not edit.\n\n${astToString(ast)}`;

writeGeneratedFile(target, generated, { name: 'packages/sdk/src/generated/openapi.ts', command: 'npm run sdk:generate' });
