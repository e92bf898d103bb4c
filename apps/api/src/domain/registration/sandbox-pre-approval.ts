import { sha256Hex } from '../../lib/crypto.ts';
import type { NumberType, Services } from '../../ports.ts';

/** The sandbox's own brand and use case of a workspace: one each, ids derived from the workspace's. */
function sandboxIds(workspaceId: string) {
  const suffix = sha256Hex(workspaceId).slice(0, 22);
  return { brandId: `brd_sandbox${suffix}`, useCaseId: `ucs_sandbox${suffix}` };
}

const sandboxThroughput = { messagesPerMinute: 4_500, dailyCap: null };

/**
 * The registration a sandbox number is bought with: approved, a local one under the workspace's
 * sandbox use case (made, with its verified brand, on the first purchase; concurrent first
 * purchases make it once), a toll-free one as verified. So the sandbox path to a first SMS takes no
 * registration step.
 */
export async function sandboxPreApproval(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  type: NumberType,
): Promise<{ registrationStatus: 'approved'; useCaseId: string | null }> {
  if (type === 'toll_free') return { registrationStatus: 'approved', useCaseId: null };
  const { brandId, useCaseId } = sandboxIds(workspaceId);
  const at = new Date(deps.clock.now());
  await deps.prisma.brand.createMany({
    data: [
      {
        id: brandId,
        workspaceId,
        legalName: 'Sandbox brand',
        country: 'US',
        taxId: '00-0000000',
        entityType: 'private_company',
        vertical: 'technology',
        website: 'https://example.com',
        supportEmail: 'support@example.com',
        supportPhone: '+14155550100',
        status: 'verified',
        sandbox: true,
        createdAt: at,
        updatedAt: at,
      },
    ],
    skipDuplicates: true,
  });
  await deps.prisma.useCase.createMany({
    data: [
      {
        id: useCaseId,
        workspaceId,
        brandId,
        useCase: 'mixed',
        description: 'Messages sent through the sandbox carrier, which delivers to no real phone.',
        sampleMessages: ['Your sandbox message was delivered.', 'Reply STOP to opt out of sandbox messages.'],
        messageFlow: 'Sandbox recipients are fictional numbers; nobody opts in or receives anything.',
        helpMessage: 'Sandbox: no real messages are sent. Reply STOP to opt out.',
        optOutMessage: 'Sandbox: you will get no more messages.',
        hasLinks: true,
        hasPhoneNumbers: true,
        status: 'approved',
        ...sandboxThroughput,
        sandbox: true,
        createdAt: at,
        updatedAt: at,
      },
    ],
    skipDuplicates: true,
  });
  return { registrationStatus: 'approved', useCaseId };
}
