import type { THealth } from '@textline/contract';
import type { Services } from '../ports.ts';

export const serviceVersion = '1.0.0-alpha';

export async function checkHealth(services: Pick<Services, 'prisma' | 'config'>): Promise<THealth> {
  let database: THealth['database'] = 'ok';
  try {
    await services.prisma.$queryRaw`SELECT 1`;
  } catch {
    database = 'unavailable';
  }
  return { status: database === 'ok' ? 'ok' : 'degraded', database, mode: services.config.mode, version: serviceVersion };
}
