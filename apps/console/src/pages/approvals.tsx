import { api } from '../api.ts';
import { Empty, Loaded, PageHeader, Problem, Table, Time, useAction, useLiveChanges, useQuery } from '../kit.tsx';
import { href, type Route } from '../router.ts';
import { money, toast } from '../ui.ts';

type Approval = Awaited<ReturnType<typeof api.approvals.list.query>>['approvals'][number];

const ruleLabels: Record<string, string> = {
  all_sends: 'every send',
  new_recipients: 'new recipients',
  over_cents: 'sends over a cost',
};

function ruleText(rule: Approval['requested_by']['approval']): string {
  if (!rule) return '';
  return rule.required_for === 'over_cents' ? `sends over ${money(rule.threshold_cents)}` : (ruleLabels[rule.required_for] ?? '');
}

/**
 * Sends that a token's approval rule holds for a person: each with its message, recipient, cost and
 * requesting token, approved (it goes out) or rejected (canceled and refunded) here. The console acts
 * for the owner, so it may decide any of them; the agent holding the token cannot.
 */
export function ApprovalsPage({ route }: { route: Route }) {
  const approvals = useQuery(() => api.approvals.list.query({ status: 'pending', limit: 100 }));
  useLiveChanges(
    (change) => change.resource === 'message',
    () => void approvals.reload(),
  );
  const decide = useAction(async (approval: Approval, decision: 'approve' | 'reject') => {
    if (decision === 'approve') {
      await api.approvals.approve.mutate({ id: approval.id });
      toast('Approved: the message goes out.');
    } else {
      await api.approvals.reject.mutate({ id: approval.id });
      toast('Rejected: the message is canceled and refunded.');
    }
    await approvals.reload();
  });

  return (
    <>
      <PageHeader
        title="Approvals"
        description="Sends held by the approval rule of the token that made them. Approve to send; reject to cancel and refund. Each expires unapproved after an hour."
      />
      <Problem error={decide.error} />
      <Loaded query={approvals}>
        {(data) =>
          data.approvals.length === 0 ? (
            <Empty title="Nothing waits for approval">
              Sends of a token created with an approval rule appear here until you approve or reject them.
            </Empty>
          ) : (
            <Table
              headings={['Message', 'Recipient', 'Cost', 'Requested by', 'Expires', 'Decision']}
              rows={data.approvals}
              rowKey={(approval) => approval.id}
              rowProps={(approval) => ({
                'data-approval-id': approval.id,
                // The approval a message's approval_url names.
                ...(approval.id === route.params.id ? { 'aria-current': 'true' } : {}),
              })}
              cells={(approval) => [
                <>
                  <span class="approval-body">{approval.message.body}</span>{' '}
                  <a href={href(`messages/${approval.message.id}`)}>
                    <code>{approval.message.id}</code>
                  </a>
                </>,
                <code>{approval.message.phone_number}</code>,
                money(approval.message.cost_cents),
                <>
                  {approval.requested_by.name ?? <code>{approval.requested_by.token_id}</code>}
                  <span class="muted small"> ({ruleText(approval.requested_by.approval)})</span>
                </>,
                <Time iso={approval.expires_at} />,
                <span class="actions">
                  <button
                    type="button"
                    class="primary small"
                    disabled={decide.busy}
                    aria-label={`Approve the send to ${approval.message.phone_number}`}
                    onClick={() => void decide.run(approval, 'approve')}
                  >
                    Approve
                  </button>{' '}
                  <button
                    type="button"
                    class="danger small"
                    disabled={decide.busy}
                    aria-label={`Reject the send to ${approval.message.phone_number}`}
                    onClick={() => void decide.run(approval, 'reject')}
                  >
                    Reject
                  </button>
                </span>,
              ]}
            />
          )
        }
      </Loaded>
    </>
  );
}
