import type { THealth } from '@textline/contract';
import { queryRowsIn } from '@textline/db';
import { databaseAnswers } from './health.sql.ts';
import type { Services } from '../ports.ts';

export const serviceVersion = '1.0.0-alpha';

export async function checkHealth(services: Pick<Services, 'prisma' | 'config'>): Promise<THealth> {
  let database: THealth['database'] = 'ok';
  try {
    await queryRowsIn(services.prisma, databaseAnswers, []);
  } catch {
    database = 'unavailable';
  }
  return { status: database === 'ok' ? 'ok' : 'degraded', database, mode: services.config.mode, version: serviceVersion };
}
