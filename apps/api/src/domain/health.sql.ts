// Generated from health.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Succeeds while the database answers.
 */
export const databaseAnswers = statement<[], { '?column?': number | null }>(`SELECT 1`);
