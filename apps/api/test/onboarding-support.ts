import { expect } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import type { JsonResponse, TestApp } from './harness.ts';

/** Pays an invoice through the operator CLI command (a signed funding.completed over HTTP) and waits for reconciliation. */
export async function payInvoice(app: TestApp, invoice: { id: string }) {
  await adminCommands['mark-invoice-paid'](app.services, { invoice: invoice.id, url: app.baseUrl, scopes: [] });
  await app.services.jobs.drain();
}

/** A 422 validation_failed whose issues name `field`. */
export function expectValidationIssue(response: JsonResponse, field: string) {
  expect(response.status).toBe(422);
  expect(response.body.error.code).toBe('validation_failed');
  expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
}

/** Every field a dedicated number needs. */
export const completeBrandedDetails = {
  legal_name: 'Acme Plumbing LLC',
  website: 'https://acme-plumbing.example.com',
  use_case: 'Appointment reminders and arrival notices for customers who booked a plumber online.',
  sample_messages: ['Acme Plumbing: your plumber arrives tomorrow 9-11am. Reply STOP to opt out.'],
  contact: { name: 'Dana Smith', email: 'dana@acme-plumbing.example.com' },
};
