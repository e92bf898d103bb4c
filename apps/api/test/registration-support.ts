import { newId } from '../src/lib/crypto.ts';
import type { TestApp } from './harness.ts';

/**
 * Registration bodies that pass validation, for the tests of brands and use cases: the sandbox
 * verifies and approves them unless an override names REJECT. Their enum fields keep their literal
 * types, so the SDK's typed routes take them as they are.
 */

/** POST /api/v1/brands's body, with `overrides`. */
export const brandBody = <TOverrides extends object = object>(overrides?: TOverrides) => ({
  legal_name: 'Example Dental LLC',
  country: 'US',
  tax_id: '12-3456789',
  entity_type: 'private_company' as const,
  vertical: 'healthcare' as const,
  website: 'https://example.com',
  support_email: 'support@example.com',
  support_phone: '+1 (415) 555-0123',
  ...(overrides as TOverrides),
});

/** POST /api/v1/use-cases's body for a brand, with `overrides`. */
export const useCaseBody = <TOverrides extends object = object>(brandId: string, overrides?: TOverrides) => ({
  brand_id: brandId,
  use_case: 'account_notifications' as const,
  description: 'Appointment reminders and changes for patients who booked a visit online.',
  sample_messages: [
    'Example Dental: your cleaning is tomorrow at 9:00. Reply STOP to opt out.',
    'Example Dental: your visit moved to Friday 10:30. Reply HELP for help.',
  ],
  message_flow: 'Patients tick an unchecked box for text reminders on the booking form at https://example.com/book.',
  help_message: 'Example Dental: call +14155550123 for help. Reply STOP to opt out.',
  opt_out_message: 'Example Dental: you will get no more texts from us.',
  has_links: false,
  has_phone_numbers: true,
  ...(overrides as TOverrides),
});

/**
 * Puts `numberId` under an approved use case `useCase` of its workspace, written directly: for tests of
 * what a registered use changes (allowed hours exempt two_factor_auth and account_notifications), not
 * of registering it.
 */
export async function assignApprovedUseCase(app: TestApp, workspaceId: string, numberId: string, useCase: string) {
  const row = await app.services.prisma.useCase.create({
    data: {
      id: newId('ucs'),
      workspaceId,
      brandId: newId('brd'),
      useCase,
      description: 'Sign-in codes',
      sampleMessages: ['Your code is 123456', 'Your code is 654321'],
      messageFlow: 'Requested at sign-in',
      helpMessage: 'Help',
      optOutMessage: 'Stopped',
      hasLinks: false,
      hasPhoneNumbers: false,
      status: 'approved',
    },
  });
  await app.services.prisma.phoneNumber.update({ where: { id: numberId }, data: { useCaseId: row.id } });
}
