import { AppError, type TTemplate, templateVariablePattern } from '@textline/contract';
import type { Prisma } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { newestFirst } from '../lib/pagination.ts';
import type { Services } from '../ports.ts';

type TemplateDeps = Pick<Services, 'prisma' | 'clock'>;

/** The names of a template's placeholders, in order of first use. */
export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(templateVariablePattern)].map(([, name]) => name ?? ''))];
}

/**
 * `body` with each {{name}} replaced by its value. Values are never scanned again, so a value cannot
 * insert a placeholder. A variable the body needs and `variables` lacks is a 422 naming it.
 */
export function renderTemplateBody(body: string, variables: Readonly<Record<string, string>>): string {
  const missing = templateVariables(body).filter((name) => !Object.hasOwn(variables, name));
  if (missing.length > 0) {
    throw new AppError('validation_failed', {
      message: `The template needs ${missing.map((name) => `{{${name}}}`).join(', ')}: give each in variables.`,
      extra: { issues: missing.map((name) => ({ path: `variables.${name}`, message: 'is required by the template' })) },
    });
  }
  return body.replace(templateVariablePattern, (_whole, name: string) => variables[name] ?? '');
}

/** A body's braces outside its placeholders: a typo such as {{first name}} would otherwise be sent as is. */
function assertValidTemplateBody(body: string): void {
  const rest = body.replace(templateVariablePattern, '');
  if (rest.includes('{{') || rest.includes('}}')) {
    const message = 'has a {{ or }} that is not a placeholder; a placeholder is {{name}} (letters, digits and _)';
    throw new AppError('validation_failed', { message: `The body ${message}.`, extra: { issues: [{ path: 'body', message }] } });
  }
}

function toTemplate(row: Prisma.MessageTemplateGetPayload<object>): TTemplate {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    variables: templateVariables(row.body),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('not_found', { message: 'No template with this id exists in this workspace.' });

export async function listTemplates(
  deps: TemplateDeps,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ templates: TTemplate[]; next_cursor: string | null }> {
  const page = newestFirst('templates', workspaceId, query);
  const rows = await deps.prisma.messageTemplate.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { templates: pageRows.map(toTemplate), next_cursor: nextCursor };
}

/** The body of a template of the workspace, or undefined when it has none with this id. */
export async function templateBody(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string): Promise<string | undefined> {
  const row = await deps.prisma.messageTemplate.findFirst({ where: { id, workspaceId }, select: { body: true } });
  return row?.body;
}

export async function getTemplate(deps: TemplateDeps, workspaceId: string, id: string): Promise<TTemplate> {
  const row = await deps.prisma.messageTemplate.findFirst({ where: { id, workspaceId } });
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function createTemplate(
  deps: TemplateDeps,
  workspaceId: string,
  input: { name: string; body: string },
): Promise<TTemplate> {
  assertValidTemplateBody(input.body);
  const row = await deps.prisma.messageTemplate.create({
    data: { id: newId('tpl'), workspaceId, name: input.name, body: input.body, updatedAt: new Date(deps.clock.now()) },
  });
  return toTemplate(row);
}

export async function updateTemplate(
  deps: TemplateDeps,
  workspaceId: string,
  input: { id: string; name?: string | undefined; body?: string | undefined },
): Promise<TTemplate> {
  if (input.body !== undefined) assertValidTemplateBody(input.body);
  const { count } = await deps.prisma.messageTemplate.updateMany({
    where: { id: input.id, workspaceId },
    data: { name: input.name, body: input.body, updatedAt: new Date(deps.clock.now()) },
  });
  if (count === 0) throw notFound();
  return getTemplate(deps, workspaceId, input.id);
}

export async function deleteTemplate(deps: TemplateDeps, workspaceId: string, id: string): Promise<TTemplate> {
  const template = await getTemplate(deps, workspaceId, id);
  await deps.prisma.messageTemplate.deleteMany({ where: { id, workspaceId } });
  return template;
}
