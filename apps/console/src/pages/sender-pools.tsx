import { useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { Empty, Field, Loaded, PageHeader, Problem, Table, Time, focusOnMount, formText, useAction, useQuery } from '../kit.tsx';
import { href } from '../router.ts';
import { plural } from '../ui.ts';

type Pool = Awaited<ReturnType<typeof api.senderPools.list.query>>['sender_pools'][number];
type OwnedNumber = Awaited<ReturnType<typeof api.numbers.list.query>>['numbers'][number];
type PoolFields = Omit<
  Parameters<typeof api.senderPools.create.mutate>[0],
  'sticky_sender' | 'area_code_match' | 'is_default'
> & {
  sticky_sender: boolean;
  area_code_match: boolean;
  is_default: boolean;
};

/** What the form's fields say: the checked numbers, in the order the list shows them. */
function fieldsOf(data: FormData): PoolFields {
  return {
    name: formText(data, 'name'),
    number_ids: data.getAll('number_ids').filter((value): value is string => typeof value === 'string'),
    sticky_sender: data.get('sticky_sender') === 'on',
    area_code_match: data.get('area_code_match') === 'on',
    is_default: data.get('is_default') === 'on',
  };
}

/**
 * A pool's name, numbers and selection rules: empty for a new pool, the pool's own for an edit.
 * The numbers offered are the connected ones; a pool's number that was released since is listed
 * too, so an edit shows what the pool holds (saving it then says that number can no longer be in it).
 */
function PoolForm(props: {
  label: string;
  submitLabel: string;
  numbers: OwnedNumber[];
  pool?: Pool;
  action: { run: (fields: PoolFields) => Promise<unknown>; busy: boolean; error: unknown };
  onCancel?: () => void;
}) {
  const { pool } = props;
  const offered = props.numbers.filter((number) => number.status === 'connected' || pool?.number_ids.includes(number.id));
  return (
    <form
      class="card form-card stack pool-form"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void props.action.run(fieldsOf(new FormData(form))).then((done) => done && !pool && form.reset());
      }}
    >
      <h2>{props.label}</h2>
      <Field label="Name" hint="For people, e.g. Support lines.">
        <input name="name" required maxLength={64} defaultValue={pool?.name} ref={pool ? focusOnMount : undefined} />
      </Field>
      <fieldset class="events">
        <legend>Numbers</legend>
        {offered.length === 0 ? (
          <p class="muted">
            No numbers yet: buy one on the <a href={href('numbers')}>Numbers</a> page.
          </p>
        ) : (
          <div class="checks">
            {offered.map((number) => (
              <label class="check" key={number.id}>
                <input
                  type="checkbox"
                  name="number_ids"
                  value={number.id}
                  defaultChecked={pool?.number_ids.includes(number.id) ?? false}
                />{' '}
                <code>{number.number}</code>
                {number.friendly_name !== number.number ? <span class="muted small">{number.friendly_name}</span> : null}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset class="events">
        <legend>Choosing the sender</legend>
        <label class="check">
          <input type="checkbox" name="sticky_sender" defaultChecked={pool?.sticky_sender ?? true} /> Keep each recipient on the
          number it got before
        </label>
        <label class="check">
          <input type="checkbox" name="area_code_match" defaultChecked={pool?.area_code_match ?? true} /> Else prefer a number of
          the recipient's area code, then of its state
        </label>
        <label class="check">
          <input type="checkbox" name="is_default" defaultChecked={pool?.is_default ?? false} /> Default pool: used by every send
          without a chosen sender
        </label>
      </fieldset>
      <Problem error={props.action.error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={props.action.busy} aria-busy={props.action.busy}>
          {props.submitLabel}
        </button>
        {props.onCancel ? (
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** How a pool picks a number for a recipient, in words. */
function selection(pool: Pool): string {
  const rules = [
    pool.sticky_sender ? 'the recipient’s number' : null,
    pool.area_code_match ? 'area code, then state' : null,
    'least loaded',
  ];
  return rules.filter(Boolean).join(', then ');
}

/**
 * Sender pools: groups of the workspace's numbers that share its sends (a send names the pool,
 * or the default pool serves sends that name no sender). Create, edit and delete them.
 */
export function SenderPoolsPage() {
  const data = useQuery(async () => {
    const [pools, numbers] = await Promise.all([api.senderPools.list.query({ limit: 100 }), api.numbers.list.query({})]);
    return { pools: pools.sender_pools, numbers: numbers.numbers };
  });
  const [editing, setEditing] = useState<string | undefined>(undefined);
  // Deleting or saving removes the button that had the focus: the list's heading takes it instead.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const create = useAction(async (fields: PoolFields) => {
    await api.senderPools.create.mutate(fields);
    await data.reload();
    return true;
  }, 'Sender pool created.');
  const update = useAction(async (fields: PoolFields) => {
    if (!editing) return false;
    await api.senderPools.update.mutate({ id: editing, ...fields });
    setEditing(undefined);
    await data.reload();
    listHeading.current?.focus();
    return true;
  }, 'Sender pool saved.');
  const remove = useAction(async (pool: Pool) => {
    if (!confirm(`Delete the sender pool ${pool.name}? Its numbers stay yours; sends that name the pool are refused afterwards.`))
      return;
    await api.senderPools.delete.mutate({ id: pool.id });
    if (editing === pool.id) setEditing(undefined);
    await data.reload();
    listHeading.current?.focus();
  }, 'Sender pool deleted.');
  const cancelEdit = () => {
    update.clearError();
    setEditing(undefined);
    listHeading.current?.focus();
  };

  return (
    <>
      <PageHeader
        title="Sender pools"
        description="Groups of your numbers that share your sends. A send names a pool, or the default pool serves sends that name no sender."
      />
      <Loaded query={data}>
        {({ pools, numbers }) => {
          const numberText = (id: string) => numbers.find((number) => number.id === id)?.number ?? id;
          const editedPool = pools.find((pool) => pool.id === editing);
          return (
            <>
              {editedPool ? (
                <PoolForm
                  key={editedPool.id}
                  label={`Edit ${editedPool.name}`}
                  submitLabel="Save pool"
                  numbers={numbers}
                  pool={editedPool}
                  action={update}
                  onCancel={cancelEdit}
                />
              ) : null}
              <h2 tabIndex={-1} ref={listHeading}>
                Your pools
              </h2>
              <Problem error={remove.error} />
              {pools.length === 0 ? (
                <Empty title="No sender pools yet">
                  Without one, each send goes from the number its recipient had before, else the least recently used.
                </Empty>
              ) : (
                <Table
                  headings={['Name', 'Numbers', 'Sender chosen by', 'Default', 'Created', 'Actions']}
                  rows={pools}
                  rowKey={(pool) => pool.id}
                  rowProps={(pool) => ({ 'data-pool-id': pool.id })}
                  cells={(pool) => [
                    <strong class="pool-name">{pool.name}</strong>,
                    <div class="pool-numbers">
                      <span class="visually-hidden">{plural(pool.number_ids.length, 'number')}: </span>
                      {pool.number_ids.length === 0
                        ? 'None'
                        : pool.number_ids.map((id) => (
                            <code class="tag" key={id}>
                              {numberText(id)}
                            </code>
                          ))}
                    </div>,
                    selection(pool),
                    pool.is_default ? <span class="badge succeeded">Default</span> : '—',
                    <Time iso={pool.created_at} />,
                    <div class="actions">
                      <button
                        type="button"
                        class="secondary small"
                        aria-label={`Edit ${pool.name}`}
                        onClick={() => {
                          update.clearError();
                          setEditing(pool.id);
                        }}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        class="danger small"
                        disabled={remove.busy}
                        aria-label={`Delete ${pool.name}`}
                        onClick={() => void remove.run(pool)}
                      >
                        Delete
                      </button>
                    </div>,
                  ]}
                />
              )}
              <PoolForm label="New sender pool" submitLabel="Create pool" numbers={numbers} action={create} />
            </>
          );
        }}
      </Loaded>
    </>
  );
}
