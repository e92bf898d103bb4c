import { AppError, type TSnippet } from '@textline/contract';
import { Prisma } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { newestFirst } from '../lib/pagination.ts';
import type { Services } from '../ports.ts';
import { assertValidTemplate, snippetNames } from './campaigns/templates.ts';

type SnippetDeps = Pick<Services, 'prisma' | 'clock'>;

function toSnippet(row: Prisma.SnippetGetPayload<object>): TSnippet {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function nameIssue(message: string): AppError {
  return new AppError('validation_failed', { message, extra: { issues: [{ path: 'name', message }] } });
}

function isNameTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** Snippets cannot insert snippets, so a reference can never loop. */
function assertValidSnippetBody(body: string): void {
  assertValidTemplate('body', body, { allowed: false });
}

export async function listSnippets(
  deps: SnippetDeps,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ snippets: TSnippet[]; next_cursor: string | null }> {
  const page = newestFirst('snippets', workspaceId, query);
  const rows = await deps.prisma.snippet.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { snippets: pageRows.map(toSnippet), next_cursor: nextCursor };
}

export async function createSnippet(
  deps: SnippetDeps,
  workspaceId: string,
  input: { name: string; body: string },
): Promise<TSnippet> {
  assertValidSnippetBody(input.body);
  try {
    const row = await deps.prisma.snippet.create({
      data: { id: newId('snp'), workspaceId, name: input.name, body: input.body, updatedAt: new Date(deps.clock.now()) },
    });
    return toSnippet(row);
  } catch (error) {
    if (isNameTaken(error)) throw nameIssue(`A snippet named ${input.name} already exists.`);
    throw error;
  }
}

/** Stages of live (not archived) campaigns that insert the snippet `name`. */
async function stagesUsing(deps: SnippetDeps, workspaceId: string, name: string): Promise<string[]> {
  const stages = await deps.prisma.campaignStage.findMany({
    where: { body: { contains: `snippet:${name}` }, campaign: { workspaceId, status: { not: 'archived' } } },
    select: { id: true, body: true },
  });
  return stages.filter((stage) => snippetNames(stage.body).includes(name)).map((stage) => stage.id);
}

export async function updateSnippet(
  deps: SnippetDeps,
  workspaceId: string,
  input: { id: string; name?: string | undefined; body?: string | undefined },
): Promise<TSnippet> {
  const existing = await deps.prisma.snippet.findFirst({ where: { id: input.id, workspaceId } });
  if (!existing) throw new AppError('not_found', { message: 'No snippet with this id exists in this workspace.' });
  if (input.body !== undefined) assertValidSnippetBody(input.body);
  if (input.name !== undefined && input.name !== existing.name) {
    const users = await stagesUsing(deps, workspaceId, existing.name);
    if (users.length > 0) {
      throw nameIssue(
        `The snippet is used by campaign stages (${users.join(', ')}); keep its name while those campaigns are not archived.`,
      );
    }
  }
  try {
    const row = await deps.prisma.snippet.update({
      where: { id: existing.id },
      data: { name: input.name, body: input.body, updatedAt: new Date(deps.clock.now()) },
    });
    return toSnippet(row);
  } catch (error) {
    if (isNameTaken(error)) throw nameIssue(`A snippet named ${input.name} already exists.`);
    throw error;
  }
}
