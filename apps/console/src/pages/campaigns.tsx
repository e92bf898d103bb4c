import { api } from '../api.ts';
import { Empty, Field, Loaded, PageHeader, Problem, Table, Time, useAction, useQuery, formText } from '../kit.tsx';
import { href, navigate, type Route } from '../router.ts';
import { plural, toast } from '../ui.ts';

type Campaign = Awaited<ReturnType<typeof api.campaigns.get.query>>['campaign'];

const statusBadges: Record<Campaign['status'], string> = {
  draft: 'pending',
  active: 'succeeded',
  paused: 'retrying',
  archived: 'failed',
};

/** Numbers typed one per line (or separated by commas), as the enrollment and contact forms take them. */
function numbersOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Every campaign, and a form to start a new one (a draft: stages and numbers come next). */
export function CampaignsPage() {
  const campaigns = useQuery(() => api.campaigns.list.query({ limit: 100 }));
  const create = useAction(async (name: string) => {
    const { campaign } = await api.campaigns.create.mutate({ name });
    navigate(`campaigns/${campaign.id}`);
  });
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Message sequences: stages sent one after another to every enrolled number, with quiet hours."
      />
      <form
        class="filters"
        aria-label="New campaign"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(formText(new FormData(event.currentTarget), 'name').trim());
        }}
      >
        <Field label="New campaign name">
          <input name="name" required maxLength={200} />
        </Field>
        <div class="filter-actions">
          <button type="submit" class="primary" disabled={create.busy} aria-busy={create.busy}>
            Create campaign
          </button>
        </div>
      </form>
      <Problem error={create.error} />
      <Loaded query={campaigns}>
        {(data) =>
          data.campaigns.length === 0 ? (
            <Empty title="No campaigns yet">Create one above, add its stages, enroll numbers and activate it.</Empty>
          ) : (
            <Table
              headings={['Campaign', 'Status', 'Stages', 'Enrollments', 'Created']}
              rows={data.campaigns}
              rowKey={(campaign) => campaign.id}
              rowProps={(campaign) => ({ 'data-campaign-id': campaign.id })}
              cells={(campaign) => [
                <a href={href(`campaigns/${campaign.id}`)}>{campaign.name}</a>,
                <span class={`badge ${statusBadges[campaign.status]}`}>{campaign.status}</span>,
                String(campaign.stages.length),
                String(
                  campaign.enrollment_counts.active + campaign.enrollment_counts.completed + campaign.enrollment_counts.stopped,
                ),
                <Time iso={campaign.created_at} />,
              ]}
            />
          )
        }
      </Loaded>
    </>
  );
}

function StageForm({ campaign, onAdded }: { campaign: Campaign; onAdded: () => Promise<void> }) {
  const add = useAction(async (form: HTMLFormElement) => {
    const data = new FormData(form);
    await api.campaigns.addStage.mutate({
      id: campaign.id,
      body: formText(data, 'body'),
      delay_minutes: Number(data.get('delay_minutes') ?? 0),
    });
    form.reset();
    await onAdded();
  }, 'Stage added.');
  return (
    <form
      class="card stack"
      aria-label="Add a stage"
      onSubmit={(event) => {
        event.preventDefault();
        void add.run(event.currentTarget);
      }}
    >
      <Field label="Stage text" hint='Contact fields such as {{first_name | default: "there"}} are filled in per number.'>
        <textarea name="body" required maxLength={1600} rows={3} />
      </Field>
      <Field
        label="Wait before it, in minutes"
        hint="After enrollment (or activation) for the first stage, after the previous stage otherwise."
      >
        <input name="delay_minutes" type="number" min="0" max="525600" value="0" required />
      </Field>
      <Problem error={add.error} />
      <button type="submit" class="primary" disabled={add.busy} aria-busy={add.busy}>
        Add stage
      </button>
    </form>
  );
}

/** Enrolls typed numbers, or every contact of a list (a new list is made from typed numbers). */
function EnrollForm({ campaign, onEnrolled }: { campaign: Campaign; onEnrolled: () => Promise<void> }) {
  const lists = useQuery(() => api.contactLists.list.query({ limit: 100 }));
  const enroll = useAction(async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const listId = formText(data, 'contact_list_id');
    const result = listId
      ? await api.campaigns.enroll.mutate({ id: campaign.id, contact_list_id: listId })
      : await api.campaigns.enroll.mutate({ id: campaign.id, phone_numbers: numbersOf(formText(data, 'phone_numbers')) });
    form.reset();
    await onEnrolled();
    return result;
  });
  const createList = useAction(async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const { contact_list: list } = await api.contactLists.create.mutate({ name: formText(data, 'name').trim() });
    const numbers = numbersOf(formText(data, 'list_numbers'));
    if (numbers.length > 0) {
      await api.contactLists.addContacts.mutate({ id: list.id, contacts: numbers.map((phone_number) => ({ phone_number })) });
    }
    form.reset();
    await lists.reload();
  }, 'Contact list created.');
  return (
    <div class="stack">
      <form
        class="card stack"
        aria-label="Enroll numbers"
        onSubmit={(event) => {
          event.preventDefault();
          void enroll.run(event.currentTarget).then((result) => {
            if (result) {
              const skipped = result.already_enrolled + result.suppressed + result.invalid;
              toastEnrolled(result.enrolled, skipped);
            }
          });
        }}
      >
        <Field label="Phone numbers" hint="One per line, in international format (+14155550100).">
          <textarea name="phone_numbers" rows={3} />
        </Field>
        <Loaded query={lists}>
          {(data) => (
            <Field label="Or every contact of a list">
              <select name="contact_list_id">
                <option value="">No list: the numbers above</option>
                {data.contact_lists.map((list) => (
                  <option value={list.id} key={list.id}>
                    {list.name} ({plural(list.contact_count, 'contact')})
                  </option>
                ))}
              </select>
            </Field>
          )}
        </Loaded>
        <Problem error={enroll.error} />
        <button type="submit" class="primary" disabled={enroll.busy} aria-busy={enroll.busy}>
          Enroll
        </button>
      </form>
      <form
        class="card stack"
        aria-label="New contact list"
        onSubmit={(event) => {
          event.preventDefault();
          void createList.run(event.currentTarget);
        }}
      >
        <Field label="New contact list name">
          <input name="name" required maxLength={200} />
        </Field>
        <Field label="Its numbers" hint="One per line; contacts are kept per workspace and matched by number.">
          <textarea name="list_numbers" rows={3} />
        </Field>
        <Problem error={createList.error} />
        <button type="submit" class="secondary" disabled={createList.busy} aria-busy={createList.busy}>
          Create list
        </button>
      </form>
    </div>
  );
}

function toastEnrolled(enrolled: number, skipped: number): void {
  const notEnrolled = skipped ? `, ${plural(skipped, 'number')} not (already enrolled, opted out or invalid)` : '';
  toast(`${plural(enrolled, 'number')} enrolled${notEnrolled}.`);
}

/** One campaign: its status and the actions it allows, its stages, enrollment and the enrollments list. */
export function CampaignPage({ route }: { route: Route }) {
  const id = route.params.id ?? '';
  const campaign = useQuery(() => api.campaigns.get.query({ id }), [id]);
  const enrollments = useQuery(() => api.campaigns.listEnrollments.query({ id, limit: 100 }), [id]);
  const reloadAll = async () => {
    await Promise.all([campaign.reload(), enrollments.reload()]);
  };
  const transition = useAction(async (verb: 'activate' | 'pause') => {
    await (verb === 'activate' ? api.campaigns.activate : api.campaigns.pause).mutate({ id });
    await reloadAll();
  });

  return (
    <>
      <p>
        <a href={href('campaigns')}>← All campaigns</a>
      </p>
      <Loaded query={campaign}>
        {({ campaign: shown }) => (
          <>
            <PageHeader
              title={shown.name}
              description={
                <>
                  <span class={`badge ${statusBadges[shown.status]}`} data-testid="campaign-status">
                    {shown.status}
                  </span>{' '}
                  <code>{shown.id}</code>
                </>
              }
            >
              {/* One button that changes its action, so it keeps the focus from Activate to Pause to Resume. */}
              {shown.status === 'active' ? (
                <button type="button" class="secondary" disabled={transition.busy} onClick={() => void transition.run('pause')}>
                  Pause
                </button>
              ) : shown.status === 'draft' || shown.status === 'paused' ? (
                <button
                  type="button"
                  class="primary"
                  disabled={transition.busy || shown.stages.length === 0}
                  onClick={() => void transition.run('activate')}
                >
                  {shown.status === 'draft' ? 'Activate' : 'Resume'}
                </button>
              ) : null}
            </PageHeader>
            <Problem error={transition.error} />
            <dl class="card summary" aria-label="Enrollment statistics">
              <div>
                <dt>Receiving steps</dt>
                <dd data-testid="enrolled-active">{shown.enrollment_counts.active}</dd>
              </div>
              <div>
                <dt>Completed</dt>
                <dd>{shown.enrollment_counts.completed}</dd>
              </div>
              <div>
                <dt>Stopped</dt>
                <dd>{shown.enrollment_counts.stopped}</dd>
              </div>
              <div>
                <dt>Waiting on a send rule</dt>
                <dd>{Object.values(shown.skipped_counts).reduce((sum, count) => sum + count, 0)}</dd>
              </div>
            </dl>
            <h2>Stages</h2>
            {shown.stages.length === 0 ? (
              <Empty title="No stages yet">Add the first message below; a campaign needs one to be activated.</Empty>
            ) : (
              <ol class="stages" aria-label="Stages">
                {shown.stages.map((stage) => (
                  <li class="card" key={stage.id} data-stage-id={stage.id}>
                    <p class="muted small">
                      Stage {stage.position} · after {plural(stage.delay_minutes, 'minute')}
                    </p>
                    <p class="message-body">{stage.body}</p>
                    <p class="small" data-testid="stage-steps">
                      {stage.step_counts.sent} sent · {stage.step_counts.suppressed} skipped for an opt-out ·{' '}
                      {stage.step_counts.failed} refused
                    </p>
                  </li>
                ))}
              </ol>
            )}
            {shown.status === 'archived' ? null : <StageForm campaign={shown} onAdded={reloadAll} />}
            <h2>Enroll</h2>
            {shown.status === 'archived' ? null : <EnrollForm campaign={shown} onEnrolled={reloadAll} />}
          </>
        )}
      </Loaded>
      <h2>Enrollments</h2>
      <Loaded query={enrollments}>
        {(data) =>
          data.enrollments.length === 0 ? (
            <Empty title="Nobody enrolled yet">Enroll numbers or a contact list above.</Empty>
          ) : (
            <Table
              headings={['Number', 'Status', 'Next step', 'Enrolled']}
              rows={data.enrollments}
              rowKey={(enrollment) => enrollment.id}
              rowProps={(enrollment) => ({ 'data-enrollment-id': enrollment.id })}
              cells={(enrollment) => [
                <code>{enrollment.phone_number}</code>,
                <>
                  {enrollment.status}
                  {enrollment.stop_reason ? ` (${enrollment.stop_reason.replace(/_/g, ' ')})` : ''}
                  {enrollment.skip_reason ? ` · waiting: ${enrollment.skip_reason.replace(/_/g, ' ')}` : ''}
                </>,
                <Time iso={enrollment.next_step_at} />,
                <Time iso={enrollment.created_at} />,
              ]}
            />
          )
        }
      </Loaded>
    </>
  );
}
