import { AppError, ZMessageBody } from '@textline/contract';
import type { Services } from '../../ports.ts';
import { renderTemplateBody, templateBody } from '../templates.ts';

/** What a send's text is given as: a body, or a template and the values of its variables. */
export type SendContent = {
  body?: string | undefined;
  templateId?: string | undefined;
  variables?: Readonly<Record<string, string>> | undefined;
};

/**
 * The body a send stores (the first step of shaping a send): its own body, else its template
 * rendered with its variables. An unknown template, a missing variable, and a rendering that is not
 * a valid body are 422s naming the field.
 */
export async function sendBodyOf(deps: Pick<Services, 'prisma'>, workspaceId: string, content: SendContent): Promise<string> {
  if (content.templateId === undefined) return content.body ?? '';
  const template = await templateBody(deps, workspaceId, content.templateId);
  if (template === undefined) {
    const message = 'names no template of this workspace';
    throw new AppError('validation_failed', {
      message: `template_id ${message}.`,
      extra: { issues: [{ path: 'template_id', message }] },
    });
  }
  const body = renderTemplateBody(template, content.variables ?? {});
  const checked = ZMessageBody.safeParse(body);
  if (!checked.success) {
    const message = `the rendered template ${checked.error.issues[0]?.message ?? 'is not a valid body'}`;
    throw new AppError('validation_failed', { message: `${message}.`, extra: { issues: [{ path: 'variables', message }] } });
  }
  return body;
}
