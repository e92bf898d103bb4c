import type { InputHTMLAttributes, JSX } from 'preact';
import { api } from '../api.ts';
import { Empty, Field, Loaded, PageHeader, Problem, Table, formText, useAction, useQuery } from '../kit.tsx';
import { FieldReasons, type Reason, RegistrationReasons, RegistrationStatus } from './registration-status.tsx';
import { MessagingSettingsSection } from './messaging-settings.tsx';

type Brand = Awaited<ReturnType<typeof api.brands.list.query>>['brands'][number];
type UseCase = Awaited<ReturnType<typeof api.useCases.list.query>>['use_cases'][number];
type OwnedNumber = Awaited<ReturnType<typeof api.numbers.list.query>>['numbers'][number];
type UseCaseKind = UseCase['use_case'];

// The 10DLC lists, as Records so the typecheck fails when the contract changes one: the contract's
// lists sit beside zod, which the console does not bundle.
const entityTypes = Object.keys({
  private_company: 0,
  public_company: 0,
  non_profit: 0,
  government: 0,
  sole_proprietor: 0,
} satisfies Record<Brand['entity_type'], 0>);

const verticals = Object.keys({
  agriculture: 0,
  communication: 0,
  construction: 0,
  education: 0,
  energy: 0,
  entertainment: 0,
  financial: 0,
  gambling: 0,
  government: 0,
  healthcare: 0,
  hospitality: 0,
  human_resources: 0,
  insurance: 0,
  legal: 0,
  manufacturing: 0,
  ngo: 0,
  political: 0,
  postal: 0,
  professional: 0,
  real_estate: 0,
  retail: 0,
  technology: 0,
  transportation: 0,
} satisfies Record<Brand['vertical'], 0>);

const useCaseKinds = Object.keys({
  two_factor_auth: 0,
  account_notifications: 0,
  customer_care: 0,
  delivery_notifications: 0,
  fraud_alerts: 0,
  higher_education: 0,
  low_volume_mixed: 0,
  marketing: 0,
  mixed: 0,
  polling_voting: 0,
  public_service_announcement: 0,
  security_alerts: 0,
} satisfies Record<UseCaseKind, 0>) as UseCaseKind[];

const words = (value: string) => value.replace(/_/g, ' ');

const useCaseLabel = (useCase: UseCase) => `${words(useCase.use_case)}${useCase.sandbox ? ' (sandbox)' : ''}`;

type Option = { value: string; label: string };

/** The values of a list, each labelled in words. */
const inWords = (values: string[]): Option[] => values.map((value) => ({ value, label: words(value) }));

function Select(props: { name: string; options: Option[]; value?: string }) {
  return (
    <select name={props.name} required>
      {props.options.map((option) => (
        <option key={option.value} value={option.value} selected={option.value === props.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The lines of a textarea, trimmed, without the empty ones: one sample message a line. */
function lines(data: FormData, name: string): string[] {
  return formText(data, name)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** A form that submits its FormData to `submit` and resets once it succeeded. */
function RegistrationForm(props: {
  label: string;
  submitLabel: string;
  action: { run: (data: FormData) => Promise<unknown>; busy: boolean; error: unknown };
  children: JSX.Element | JSX.Element[];
}) {
  return (
    <form
      class="stacked"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void props.action.run(new FormData(form)).then((done) => done && form.reset());
      }}
    >
      {props.children}
      <Problem error={props.action.error} />
      <button type="submit" class="primary" disabled={props.action.busy} aria-busy={props.action.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}

/** The carriers' reasons of a rejected submission being corrected; none while registering. */
type Rejected = { reasons?: Reason[] };

/** Marks a field the carriers named as the one to correct. */
const flagged = (reasons: Reason[] | undefined, field: string) =>
  reasons?.some((reason) => reason.field === field) ? true : undefined;

/** A select of a submission, with the carriers' reasons for that field beside it when it is being corrected. */
function Corrected(props: Rejected & { field: string; children: JSX.Element }) {
  return (
    <>
      {props.children}
      <FieldReasons reasons={props.reasons ?? []} field={props.field} />
    </>
  );
}

/**
 * A required text field of a submission (a textarea of `rows` rows, else an input): empty to
 * register, filled with a rejected submission's `value` to correct it, and flagged, with the
 * carriers' reasons beside it, when they name it.
 */
function SubmissionText(
  props: Rejected & {
    label: string;
    hint?: string;
    name: string;
    value: string | undefined;
    rows?: number;
    input?: InputHTMLAttributes;
  },
) {
  const control = {
    name: props.name,
    required: true,
    defaultValue: props.value,
    'aria-invalid': flagged(props.reasons, props.name),
  };
  return (
    <Field label={props.label} hint={props.hint}>
      {props.rows ? (
        <textarea {...control} rows={props.rows} minLength={props.input?.minLength} maxLength={props.input?.maxLength} />
      ) : (
        <input {...control} {...props.input} />
      )}
      <FieldReasons reasons={props.reasons ?? []} field={props.name} />
    </Field>
  );
}

/** What a use case and a toll-free verification both describe, empty or filled with a rejected use case's. */
function SubmissionFields(props: Rejected & { useCase?: UseCase }) {
  const { useCase, reasons } = props;
  return (
    <>
      <Field label="Use case">
        <Corrected field="use_case" reasons={reasons}>
          <Select name="use_case" options={inWords(useCaseKinds)} value={useCase?.use_case} />
        </Corrected>
      </Field>
      <SubmissionText
        label="Description"
        hint="What is sent, to whom and why (at least 40 characters)."
        name="description"
        value={useCase?.description}
        reasons={reasons}
        rows={3}
        input={{ minLength: 40, maxLength: 4096 }}
      />
      <SubmissionText
        label="Sample messages"
        hint="2 to 5, one a line, as recipients will get them."
        name="sample_messages"
        value={useCase?.sample_messages.join('\n')}
        reasons={reasons}
        rows={3}
      />
      <SubmissionText
        label="How recipients opt in"
        hint="Where and how they consent (at least 40 characters)."
        name="message_flow"
        value={useCase?.message_flow}
        reasons={reasons}
        rows={2}
        input={{ minLength: 40, maxLength: 2048 }}
      />
    </>
  );
}

/** The fields of a brand: empty to register one, filled with a rejected one's (and its reasons) to correct it. */
function BrandFields({ brand }: { brand?: Brand }) {
  const reasons = brand?.rejection_reasons;
  return (
    <>
      <SubmissionText
        label="Legal name"
        name="legal_name"
        value={brand?.legal_name}
        reasons={reasons}
        input={{ minLength: 2, maxLength: 255 }}
      />
      <SubmissionText
        label="Country"
        hint="Two letters, e.g. US."
        name="country"
        value={brand?.country}
        reasons={reasons}
        input={{ pattern: '[A-Za-z]{2}', maxLength: 2 }}
      />
      <SubmissionText
        label="Tax id"
        hint="The EIN in the US, e.g. 12-3456789."
        name="tax_id"
        value={brand?.tax_id}
        reasons={reasons}
        input={{ maxLength: 64 }}
      />
      <Field label="Kind of organisation">
        <Corrected field="entity_type" reasons={reasons}>
          <Select name="entity_type" options={inWords(entityTypes)} value={brand?.entity_type} />
        </Corrected>
      </Field>
      <Field label="Industry">
        <Corrected field="vertical" reasons={reasons}>
          <Select name="vertical" options={inWords(verticals)} value={brand?.vertical} />
        </Corrected>
      </Field>
      <SubmissionText
        label="Website"
        name="website"
        value={brand?.website}
        reasons={reasons}
        input={{ type: 'url', maxLength: 255 }}
      />
      <SubmissionText
        label="Support email"
        name="support_email"
        value={brand?.support_email}
        reasons={reasons}
        input={{ type: 'email', maxLength: 255 }}
      />
      <SubmissionText
        label="Support phone"
        hint="With a leading +, e.g. +14155550100."
        name="support_phone"
        value={brand?.support_phone}
        reasons={reasons}
        input={{ type: 'tel', maxLength: 20 }}
      />
    </>
  );
}

/** The brand a brand form describes, as the API takes it to register or correct one. */
function brandOf(data: FormData) {
  return {
    legal_name: formText(data, 'legal_name'),
    country: formText(data, 'country').toUpperCase(),
    tax_id: formText(data, 'tax_id'),
    entity_type: formText(data, 'entity_type') as Brand['entity_type'],
    vertical: formText(data, 'vertical') as Brand['vertical'],
    website: formText(data, 'website'),
    support_email: formText(data, 'support_email'),
    support_phone: formText(data, 'support_phone'),
  };
}

/** A rejected brand's correction: its fields with the carriers' reasons beside them, submitted again. */
function CorrectBrand({ brand, reload }: { brand: Brand; reload: () => Promise<void> }) {
  const correct = useAction(async (data: FormData) => {
    await api.brands.update.mutate({ id: brand.id, ...brandOf(data) });
    await reload();
    return true;
  }, 'Brand resubmitted: it is pending until the carriers decide again.');
  return (
    <details>
      <summary>Correct {brand.legal_name}</summary>
      <RegistrationForm label={`Correct ${brand.legal_name}`} submitLabel="Resubmit brand" action={correct}>
        <BrandFields brand={brand} />
      </RegistrationForm>
    </details>
  );
}

function BrandsSection({ brands, reload }: { brands: Brand[]; reload: () => Promise<void> }) {
  const register = useAction(async (data: FormData) => {
    await api.brands.create.mutate(brandOf(data));
    await reload();
    return true;
  }, 'Brand submitted: the carriers decide within minutes to days.');
  return (
    <section aria-labelledby="brands-heading">
      <h2 id="brands-heading">Brands</h2>
      {brands.length === 0 ? (
        <Empty title="No brands yet">Register the business that sends, as its tax records name it.</Empty>
      ) : (
        <Table
          headings={['Legal name', 'Kind', 'Status', 'Reasons']}
          rows={brands}
          rowKey={(brand) => brand.id}
          rowProps={(brand) => ({ 'data-brand-id': brand.id })}
          cells={(brand) => [
            brand.legal_name,
            words(brand.entity_type),
            <RegistrationStatus status={brand.status} />,
            brand.rejection_reasons.length ? <RegistrationReasons reasons={brand.rejection_reasons} /> : '—',
          ]}
        />
      )}
      {brands
        .filter((brand) => brand.status === 'rejected')
        .map((brand) => (
          <CorrectBrand key={brand.id} brand={brand} reload={reload} />
        ))}
      <details>
        <summary>Register a brand</summary>
        <RegistrationForm label="Register a brand" submitLabel="Register brand" action={register}>
          <BrandFields />
        </RegistrationForm>
      </details>
    </section>
  );
}

function Throughput({ useCase }: { useCase: UseCase }) {
  if (!useCase.throughput) return <>—</>;
  const { messages_per_minute: perMinute, daily_cap: dailyCap } = useCase.throughput;
  return (
    <>
      {perMinute.toLocaleString('en-US')} a minute
      {dailyCap === null ? '' : `, ${dailyCap.toLocaleString('en-US')} a day`}
    </>
  );
}

/** The fields of a use case besides its brand: empty to register one, filled with a rejected one's to correct it. */
function UseCaseFields({ useCase }: { useCase?: UseCase }) {
  const reasons = useCase?.rejection_reasons;
  return (
    <>
      <SubmissionFields useCase={useCase} reasons={reasons} />
      <SubmissionText
        label="Answer to HELP"
        name="help_message"
        value={useCase?.help_message}
        reasons={reasons}
        input={{ minLength: 20, maxLength: 320 }}
      />
      <SubmissionText
        label="Answer to STOP"
        name="opt_out_message"
        value={useCase?.opt_out_message}
        reasons={reasons}
        input={{ minLength: 20, maxLength: 320 }}
      />
      <label class="checkbox">
        <input type="checkbox" name="has_links" defaultChecked={useCase?.has_links ?? false} /> Messages contain links
      </label>
      <label class="checkbox">
        <input type="checkbox" name="has_phone_numbers" defaultChecked={useCase?.has_phone_numbers ?? false} /> Messages contain
        phone numbers
      </label>
    </>
  );
}

/** The use case a use case form describes, besides its brand, as the API takes it to register or correct one. */
function useCaseOf(data: FormData) {
  return {
    use_case: formText(data, 'use_case') as UseCaseKind,
    description: formText(data, 'description'),
    sample_messages: lines(data, 'sample_messages'),
    message_flow: formText(data, 'message_flow'),
    help_message: formText(data, 'help_message'),
    opt_out_message: formText(data, 'opt_out_message'),
    has_links: data.get('has_links') === 'on',
    has_phone_numbers: data.get('has_phone_numbers') === 'on',
  };
}

/** A rejected use case's correction: its fields with the carriers' reasons beside them, submitted again. */
function CorrectUseCase({ useCase, reload }: { useCase: UseCase; reload: () => Promise<void> }) {
  const correct = useAction(async (data: FormData) => {
    await api.useCases.update.mutate({ id: useCase.id, ...useCaseOf(data) });
    await reload();
    return true;
  }, 'Use case resubmitted: it and its numbers are pending until the carriers decide again.');
  const label = `Correct the ${words(useCase.use_case)} use case`;
  return (
    <details>
      <summary>{label}</summary>
      <RegistrationForm label={label} submitLabel="Resubmit use case" action={correct}>
        <UseCaseFields useCase={useCase} />
      </RegistrationForm>
    </details>
  );
}

function UseCasesSection(props: { useCases: UseCase[]; brands: Brand[]; reload: () => Promise<void> }) {
  const verified = props.brands.filter((brand) => brand.status === 'verified');
  const register = useAction(async (data: FormData) => {
    await api.useCases.create.mutate({ brand_id: formText(data, 'brand_id'), ...useCaseOf(data) });
    await props.reload();
    return true;
  }, 'Use case submitted: the carriers review it, which can take days.');
  const brandName = (id: string) => props.brands.find((brand) => brand.id === id)?.legal_name ?? id;
  return (
    <section aria-labelledby="use-cases-heading">
      <h2 id="use-cases-heading">Use cases</h2>
      {props.useCases.length === 0 ? (
        <Empty title="No use cases yet">Register what a verified brand's local numbers will send.</Empty>
      ) : (
        <Table
          headings={['Use case', 'Brand', 'Status', 'Throughput', 'Reasons']}
          rows={props.useCases}
          rowKey={(useCase) => useCase.id}
          rowProps={(useCase) => ({ 'data-use-case-id': useCase.id })}
          cells={(useCase) => [
            useCaseLabel(useCase),
            brandName(useCase.brand_id),
            <RegistrationStatus status={useCase.status} />,
            <Throughput useCase={useCase} />,
            useCase.rejection_reasons.length ? <RegistrationReasons reasons={useCase.rejection_reasons} /> : '—',
          ]}
        />
      )}
      {props.useCases
        .filter((useCase) => useCase.status === 'rejected')
        .map((useCase) => (
          <CorrectUseCase key={useCase.id} useCase={useCase} reload={props.reload} />
        ))}
      <details>
        <summary>Register a use case</summary>
        {verified.length === 0 ? (
          <p class="muted">A use case is registered under a verified brand: register a brand first.</p>
        ) : (
          <RegistrationForm label="Register a use case" submitLabel="Register use case" action={register}>
            <Field label="Brand">
              <Select name="brand_id" options={verified.map((brand) => ({ value: brand.id, label: brand.legal_name }))} />
            </Field>
            <UseCaseFields />
          </RegistrationForm>
        )}
      </details>
    </section>
  );
}

/** A local number's use case: assign it to an approved or pending one, or take it out of its own. */
function AssignNumber(props: { number: OwnedNumber; useCases: UseCase[]; reload: () => Promise<void> }) {
  const { number } = props;
  const assignable = props.useCases.filter(
    (useCase) => useCase.status !== 'rejected' && useCase.id !== number.registration.use_case_id,
  );
  const assign = useAction(async (useCaseId: string) => {
    await api.useCases.assignNumber.mutate({ id: useCaseId, number_id: number.id });
    await props.reload();
  }, 'Assigned.');
  const unassign = useAction(async (useCaseId: string) => {
    await api.useCases.unassignNumber.mutate({ id: useCaseId, number_id: number.id });
    await props.reload();
  }, 'Unassigned: the number is unregistered.');
  const current = number.registration.use_case_id;
  return (
    <div class="actions">
      {assignable.length > 0 ? (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void assign.run(formText(new FormData(event.currentTarget), 'use_case_id'));
          }}
        >
          <Field label={`Use case for ${number.number}`}>
            <Select
              name="use_case_id"
              options={assignable.map((useCase) => ({
                value: useCase.id,
                label: `${useCaseLabel(useCase)} · ${useCase.status}`,
              }))}
            />
          </Field>
          <button type="submit" class="primary small" disabled={assign.busy} aria-busy={assign.busy}>
            Assign
          </button>
        </form>
      ) : null}
      {current ? (
        <button
          type="button"
          class="secondary small"
          disabled={unassign.busy}
          aria-label={`Unassign ${number.number}`}
          onClick={() => void unassign.run(current)}
        >
          Unassign
        </button>
      ) : null}
      <Problem error={assign.error ?? unassign.error} />
    </div>
  );
}

/** A toll-free number's verification form, while it is unregistered or was rejected. */
function VerifyTollFree(props: { number: OwnedNumber; brands: Brand[]; reload: () => Promise<void> }) {
  const { number } = props;
  const verify = useAction(async (data: FormData) => {
    await api.tollFreeVerifications.create.mutate({
      id: number.id,
      brand_id: formText(data, 'brand_id'),
      use_case: formText(data, 'use_case') as UseCaseKind,
      description: formText(data, 'description'),
      sample_messages: lines(data, 'sample_messages'),
      message_flow: formText(data, 'message_flow'),
      monthly_volume: Number(formText(data, 'monthly_volume')),
    });
    await props.reload();
    return true;
  }, 'Submitted for toll-free verification.');
  if (number.registration.status === 'pending' || number.registration.status === 'approved') return <>—</>;
  const usable = props.brands.filter((brand) => brand.status !== 'rejected');
  if (usable.length === 0) return <span class="muted">Register a brand to verify this number.</span>;
  return (
    <details>
      <summary>Verify {number.number}</summary>
      <RegistrationForm label={`Verify ${number.number}`} submitLabel="Submit verification" action={verify}>
        <Field label="Brand">
          <Select name="brand_id" options={usable.map((brand) => ({ value: brand.id, label: brand.legal_name }))} />
        </Field>
        <SubmissionFields />
        <Field label="Messages a month">
          <input name="monthly_volume" type="number" required min={1} max={100_000_000} />
        </Field>
      </RegistrationForm>
    </details>
  );
}

function NumbersSection(props: { numbers: OwnedNumber[]; useCases: UseCase[]; brands: Brand[]; reload: () => Promise<void> }) {
  const connected = props.numbers.filter((number) => number.status === 'connected');
  const useCaseName = (id: string | null) => {
    const useCase = props.useCases.find((candidate) => candidate.id === id);
    return useCase ? useCaseLabel(useCase) : '—';
  };
  return (
    <section aria-labelledby="registered-numbers-heading">
      <h2 id="registered-numbers-heading">Numbers</h2>
      <p class="muted">
        With a real carrier, a number sends to US phones only once its registration is approved: a local number under an approved
        use case, a toll-free number by its verification.
      </p>
      {connected.length === 0 ? (
        <Empty title="No numbers yet">Buy one on the Numbers page.</Empty>
      ) : (
        <Table
          headings={['Number', 'Type', 'Registration', 'Use case', 'Register']}
          rows={connected}
          rowKey={(number) => number.id}
          rowProps={(number) => ({ 'data-number-id': number.id })}
          cells={(number) => [
            <code>{number.number}</code>,
            words(number.type),
            <>
              <RegistrationStatus status={number.registration.status} />
              <RegistrationReasons reasons={number.registration.reasons} />
            </>,
            useCaseName(number.registration.use_case_id),
            number.type === 'local' ? (
              <AssignNumber number={number} useCases={props.useCases} reload={props.reload} />
            ) : (
              <VerifyTollFree number={number} brands={props.brands} reload={props.reload} />
            ),
          ]}
        />
      )}
    </section>
  );
}

/**
 * What the carriers require before real traffic: brands and use cases with their status and the
 * carriers' reasons, the registration of each number (assigning local ones to use cases, verifying
 * toll-free ones), and the workspace's messaging settings.
 */
export function CompliancePage() {
  const registrations = useQuery(async () => {
    const [brands, useCases, numbers] = await Promise.all([
      api.brands.list.query({ limit: 100 }),
      api.useCases.list.query({ limit: 100 }),
      api.numbers.list.query({}),
    ]);
    return { brands: brands.brands, useCases: useCases.use_cases, numbers: numbers.numbers };
  });
  return (
    <>
      <PageHeader
        title="Compliance"
        description="Register who sends and what, so US carriers carry your messages, and set how every send behaves."
      />
      <Loaded query={registrations}>
        {({ brands, useCases, numbers }) => (
          <>
            <BrandsSection brands={brands} reload={registrations.reload} />
            <UseCasesSection useCases={useCases} brands={brands} reload={registrations.reload} />
            <NumbersSection numbers={numbers} useCases={useCases} brands={brands} reload={registrations.reload} />
          </>
        )}
      </Loaded>
      <MessagingSettingsSection />
    </>
  );
}
