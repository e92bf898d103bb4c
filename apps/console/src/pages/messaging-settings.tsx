import { api } from '../api.ts';
import { Field, Loaded, PageHeader, Problem, formText, useAction, useQuery } from '../kit.tsx';

type Settings = Awaited<ReturnType<typeof api.messagingSettings.get.query>>['messaging_settings'];
type Mode = Settings['quiet_hours']['mode'];

const modes: Record<Mode, string> = {
  off: 'Off: send at any hour',
  hold: 'Hold: schedule a send for the next allowed minute',
  refuse: 'Refuse: answer outside_allowed_hours',
};

/** Custom keywords as the form edits them: one `KEYWORD: reply` a line. */
const keywordLines = (settings: Settings) => settings.keywords.map((entry) => `${entry.keyword}: ${entry.reply}`).join('\n');

function keywordsOf(text: string): Settings['keywords'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon === -1
        ? { keyword: line, reply: '' }
        : { keyword: line.slice(0, colon).trim(), reply: line.slice(colon + 1).trim() };
    });
}

function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved: () => Promise<void> }) {
  const save = useAction(async (data: FormData) => {
    await api.messagingSettings.update.mutate({
      help_message: formText(data, 'help_message'),
      opt_out_confirmation: formText(data, 'opt_out_confirmation'),
      opt_in_confirmation: formText(data, 'opt_in_confirmation'),
      keywords: keywordsOf(formText(data, 'keywords')),
      quiet_hours: {
        mode: formText(data, 'mode') as Mode,
        start: formText(data, 'start'),
        end: formText(data, 'end'),
        apply_state_rules: data.get('apply_state_rules') === 'on',
      },
      allowed_countries: formText(data, 'allowed_countries')
        .split(/[\s,]+/)
        .filter((code) => code.length > 0)
        .map((code) => code.toUpperCase()),
      reject_landlines: data.get('reject_landlines') === 'on',
      pumping_guard: {
        enabled: data.get('pumping_guard') === 'on',
        max_new_numbers_per_hour: Number(formText(data, 'max_new_numbers_per_hour')),
      },
    });
    await onSaved();
  }, 'Messaging settings saved.');

  return (
    <form
      class="card form-card"
      aria-label="Messaging settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run(new FormData(event.currentTarget));
      }}
    >
      <Problem error={save.error} />
      <fieldset>
        <legend>Keywords and confirmations</legend>
        <Field label="Help message" hint="Sent back to HELP or INFO">
          <textarea name="help_message" rows={2} maxLength={320} required>
            {settings.help_message}
          </textarea>
        </Field>
        <Field label="Opt-out confirmation" hint="Sent back once to STOP and its family">
          <textarea name="opt_out_confirmation" rows={2} maxLength={320} required>
            {settings.opt_out_confirmation}
          </textarea>
        </Field>
        <Field label="Opt-in confirmation" hint="Sent back to START, UNSTOP or YES">
          <textarea name="opt_in_confirmation" rows={2} maxLength={320} required>
            {settings.opt_in_confirmation}
          </textarea>
        </Field>
        <Field label="Custom keywords" hint="One a line: KEYWORD: reply">
          <textarea name="keywords" rows={3}>
            {keywordLines(settings)}
          </textarea>
        </Field>
      </fieldset>
      <fieldset>
        <legend>Allowed hours, in the recipient's local time</legend>
        <Field label="Outside allowed hours">
          <select name="mode">
            {Object.entries(modes).map(([mode, label]) => (
              <option value={mode} selected={settings.quiet_hours.mode === mode}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="From">
          <input name="start" type="time" value={settings.quiet_hours.start} required />
        </Field>
        <Field label="Until">
          <input name="end" type="time" value={settings.quiet_hours.end} required />
        </Field>
        <label class="check">
          <input name="apply_state_rules" type="checkbox" checked={settings.quiet_hours.apply_state_rules} /> Apply the stricter
          windows of state laws
        </label>
      </fieldset>
      <fieldset>
        <legend>Destinations and guards</legend>
        <Field label="Allowed countries" hint="ISO codes, e.g. US, CA">
          <input name="allowed_countries" value={settings.allowed_countries.join(', ')} required />
        </Field>
        <label class="check">
          <input name="reject_landlines" type="checkbox" checked={settings.reject_landlines} /> Refuse sends to landlines
        </label>
        <label class="check">
          <input name="pumping_guard" type="checkbox" checked={settings.pumping_guard.enabled} /> SMS pumping guard
        </label>
        <Field label="New numbers per block and hour">
          <input
            name="max_new_numbers_per_hour"
            type="number"
            min={1}
            max={100}
            value={settings.pumping_guard.max_new_numbers_per_hour}
            required
          />
        </Field>
      </fieldset>
      <div>
        <button type="submit" class="primary" disabled={save.busy}>
          Save settings
        </button>
      </div>
    </form>
  );
}

/** The settings' form as it loads, on its own page and on the Compliance page. */
function LoadedSettingsForm() {
  const settings = useQuery(() => api.messagingSettings.get.query({}));
  return (
    <Loaded query={settings}>
      {(data) => <SettingsForm settings={data.messaging_settings} onSaved={() => settings.reload()} />}
    </Loaded>
  );
}

/** The workspace's keyword replies and the policies every send follows (docs/compliance.md). */
export function MessagingSettingsPage() {
  return (
    <>
      <PageHeader
        title="Messaging settings"
        description="Replies to STOP, START, HELP and your own keywords, and the policies every send follows: allowed hours, destinations and guards."
      />
      <LoadedSettingsForm />
    </>
  );
}

/** The same settings as a section of the Compliance page, beside the registrations they go with. */
export function MessagingSettingsSection() {
  return (
    <section aria-labelledby="messaging-settings-heading">
      <h2 id="messaging-settings-heading">Messaging settings</h2>
      <p class="muted">Keywords and confirmations, allowed hours, destinations and guards: every send follows them.</p>
      <LoadedSettingsForm />
    </section>
  );
}
