import { useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { Empty, Field, Loaded, PageHeader, Problem, Table, Time, useAction, useQuery, formText, focusOnMount } from '../kit.tsx';
import { href } from '../router.ts';
import { RegistrationReasons, RegistrationStatus } from './registration-status.tsx';

type OwnedNumber = Awaited<ReturnType<typeof api.numbers.list.query>>['numbers'][number];
type Available = Awaited<ReturnType<typeof api.numbers.searchAvailable.query>>['available_numbers'][number];

const statusBadges: Record<OwnedNumber['status'], string> = { connected: 'succeeded', releasing: 'pending', released: 'failed' };
const typeLabels: Record<OwnedNumber['type'], string> = { local: 'Local', toll_free: 'Toll-free' };

/** The segments a second the carrier takes from a number: its sends are handed over at this pace. */
const pace = (perSecond: number) =>
  `${perSecond.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${perSecond === 1 ? 'segment' : 'segments'} a second`;

/**
 * Whether sender pools use the number: failing after a run of its own carrier errors (skipped, its
 * waiting messages moved) until its cooldown ends; a healthy one's errors of the current run, if any.
 */
function Health({ health }: { health: OwnedNumber['health'] }) {
  const errors = `${health.recent_errors} carrier ${health.recent_errors === 1 ? 'error' : 'errors'}`;
  if (health.status === 'failing') {
    return (
      <div class="health">
        <span class="badge failed">failing</span>
        <span class="hint">
          {errors}; a sender again <Time iso={health.failing_until} />
        </span>
      </div>
    );
  }
  return (
    <div class="health">
      <span class="badge succeeded">healthy</span>
      {health.recent_errors > 0 ? <span class="hint">{errors} lately</span> : null}
    </div>
  );
}

/**
 * A number's label, changed in place: the form replaces the label until saved or canceled, then the
 * button comes back with the focus (as it has for a number just bought, `focused`).
 */
function Rename({ number, onSaved, focused }: { number: OwnedNumber; onSaved: () => Promise<void>; focused: boolean }) {
  const [editing, setEditing] = useState(false);
  const [focusButton, setFocusButton] = useState(focused);
  const close = () => {
    setFocusButton(true);
    setEditing(false);
  };
  const save = useAction(async (name: string) => {
    await api.numbers.update.mutate({ id: number.id, friendly_name: name });
    await onSaved();
    close();
  }, 'Renamed.');
  if (!editing) {
    return (
      <button
        type="button"
        class="secondary small"
        onClick={() => setEditing(true)}
        aria-label={`Rename ${number.number}`}
        ref={focusButton ? focusOnMount : undefined}
      >
        Rename
      </button>
    );
  }
  return (
    <form
      class="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(formText(new FormData(event.currentTarget), 'friendly_name').trim());
      }}
    >
      <Field label={`New name for ${number.number}`}>
        <input name="friendly_name" value={number.friendly_name} required maxLength={64} ref={focusOnMount} />
      </Field>
      <Problem error={save.error} />
      <button type="submit" class="primary small" disabled={save.busy} aria-busy={save.busy}>
        Save
      </button>{' '}
      <button type="button" class="secondary small" onClick={close}>
        Cancel
      </button>
    </form>
  );
}

/** The workspace's sender numbers: search what the carrier offers, buy, rename, release. */
export function NumbersPage() {
  const owned = useQuery(() => api.numbers.list.query({}));
  const [areaCode, setAreaCode] = useState<string | undefined>(undefined);
  const search = useAction((area: string) => api.numbers.searchAvailable.query({ area_code: area || undefined, limit: 10 }));
  const [offers, setOffers] = useState<Available[] | undefined>(undefined);
  // The number just bought: its Rename button takes the focus from the Buy button that disappears.
  const [bought, setBought] = useState<string | undefined>(undefined);
  // Releasing removes the row's buttons: the list's heading takes the focus instead.
  const ownedHeading = useRef<HTMLHeadingElement>(null);
  const buy = useAction(async (number: string) => {
    await api.numbers.create.mutate({ number });
    setBought(number);
    setOffers((previous) => previous?.filter((offer) => offer.number !== number));
    await owned.reload();
  }, 'Bought: the number is yours and can send.');
  const release = useAction(async (number: OwnedNumber) => {
    if (!confirm(`Release ${number.number}? It stops sending and goes back to the carrier; this cannot be undone.`)) return;
    await api.numbers.release.mutate({ id: number.id });
    await owned.reload();
    ownedHeading.current?.focus();
  }, 'Released.');

  return (
    <>
      <PageHeader title="Numbers" description="The numbers you send from. Buying one costs its price from your balance." />
      <h2>Find a number</h2>
      <form
        class="filters"
        role="search"
        aria-label="Find a number"
        onSubmit={(event) => {
          event.preventDefault();
          const area = formText(new FormData(event.currentTarget), 'area_code').trim();
          setAreaCode(area);
          void search.run(area).then((answer) => answer && setOffers(answer.available_numbers));
        }}
      >
        <Field label="Area code" hint="Three digits, e.g. 415; empty for any.">
          <input name="area_code" inputMode="numeric" pattern="[0-9]{3}" maxLength={3} />
        </Field>
        <div class="filter-actions">
          <button type="submit" class="primary" disabled={search.busy} aria-busy={search.busy}>
            Search
          </button>
        </div>
      </form>
      <Problem error={search.error ?? buy.error} />
      {offers === undefined ? null : offers.length === 0 ? (
        <Empty title={areaCode ? `No numbers available in ${areaCode}` : 'No numbers available'}>Try another area code.</Empty>
      ) : (
        <Table
          headings={['Number', 'Region', 'Buy']}
          rows={offers}
          rowKey={(offer) => offer.number}
          rowProps={(offer) => ({ 'data-available-number': offer.number })}
          cells={(offer) => [
            <code>{offer.number}</code>,
            offer.region ?? '—',
            <button
              type="button"
              class="primary small"
              disabled={buy.busy}
              aria-label={`Buy ${offer.number}`}
              onClick={() => void buy.run(offer.number)}
            >
              Buy
            </button>,
          ]}
        />
      )}
      <h2 tabIndex={-1} ref={ownedHeading}>
        Your numbers
      </h2>
      <p class="muted">
        With a real carrier, a number sends to US phones once its registration is approved: register it on the{' '}
        <a href={href('compliance')}>Compliance</a> page.
      </p>
      <Problem error={release.error} />
      <Loaded query={owned}>
        {({ numbers }) =>
          numbers.length === 0 ? (
            <Empty title="No numbers yet">Search above and buy one to start sending.</Empty>
          ) : (
            <Table
              headings={['Number', 'Name', 'Type', 'Status', 'Registration', 'Health', 'Pace', 'Bought', 'Actions']}
              rows={numbers}
              rowKey={(number) => number.id}
              rowProps={(number) => ({ 'data-number-id': number.id })}
              cells={(number) => [
                <code>{number.number}</code>,
                <span class="friendly-name">{number.friendly_name}</span>,
                typeLabels[number.type],
                <span class={`badge ${statusBadges[number.status]}`}>{number.status}</span>,
                <div class="registration">
                  <RegistrationStatus status={number.registration.status} />
                  <RegistrationReasons reasons={number.registration.reasons} />
                </div>,
                <Health health={number.health} />,
                pace(number.throughput_per_second),
                <Time iso={number.created_at} />,
                number.status === 'connected' ? (
                  <div class="actions">
                    <Rename number={number} onSaved={owned.reload} focused={number.number === bought} />
                    <button
                      type="button"
                      class="danger small"
                      disabled={release.busy}
                      aria-label={`Release ${number.number}`}
                      onClick={() => void release.run(number)}
                    >
                      Release
                    </button>
                  </div>
                ) : (
                  '—'
                ),
              ]}
            />
          )
        }
      </Loaded>
    </>
  );
}
