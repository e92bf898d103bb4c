import { createTestDatabaseUrl } from './src/testing.ts';
const d = await createTestDatabaseUrl('postgresql://postgres@127.0.0.1:55432/postgres');
console.log(d.url);
