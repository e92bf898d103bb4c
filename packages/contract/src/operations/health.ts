import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZHealth } from '../schemas.ts';

const healthOperation = (name: string, operationId: string, path: `/${string}`) =>
  defineOperation({
    name,
    operationId,
    method: 'GET',
    path,
    auth: { kind: 'none' },
    summary: 'Service health',
    description: 'Reports whether the service and its database are up. 503 when the database is unreachable.',
    tags: ['health'],
    input: z.object({}),
    output: ZHealth,
    successStatus: 200,
    alternateSuccess: [{ status: 503, description: 'The database is unreachable: status degraded, database unavailable' }],
    errors: [],
    bodyRequired: false,
    mcp: null,
  });

export const health = healthOperation('health.root', 'getHealth', '/health');
export const apiHealth = healthOperation('health.api', 'getApiHealth', '/api/v1/health');
export const mcpHealth = healthOperation('health.mcp', 'getMcpHealth', '/mcp/health');
