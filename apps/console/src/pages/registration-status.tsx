import type { api } from '../api.ts';

export type Reason = Awaited<ReturnType<typeof api.numbers.list.query>>['numbers'][number]['registration']['reasons'][number];

const badges: Record<string, string> = {
  verified: 'succeeded',
  approved: 'succeeded',
  pending: 'pending',
  rejected: 'failed',
  unregistered: 'failed',
};

/** Where a registration (a number's, a brand's, a use case's) stands with the carriers, as a badge. */
export function RegistrationStatus({ status }: { status: string }) {
  return <span class={`badge ${badges[status] ?? 'pending'}`}>{status}</span>;
}

/** The carriers' reasons for a rejection: what is wrong, and how to fix it. */
export function RegistrationReasons({ reasons }: { reasons: Reason[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul class="reasons">
      {reasons.map((reason) => (
        <li key={reason.code} data-reason-field={reason.field ?? ''}>
          {reason.message} <span class="fix">{reason.fix}</span>
        </li>
      ))}
    </ul>
  );
}

/** The carriers' reasons that name one field of a submission, shown beside that field when it is corrected. */
export function FieldReasons({ reasons, field }: { reasons: Reason[]; field: string }) {
  return (
    <>
      {reasons
        .filter((reason) => reason.field === field)
        .map((reason) => (
          <span key={reason.code} class="field-reason" data-reason-field={field}>
            {reason.message}
          </span>
        ))}
    </>
  );
}
