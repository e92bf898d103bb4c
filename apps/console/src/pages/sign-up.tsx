import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { Field, Problem, useAction, formText, focusOnMount } from '../kit.tsx';
import { href, navigate } from '../router.ts';
import { setSession } from '../session.ts';

type Created = { username: string; password: string; backupCodes: string[] };

/**
 * Account creation, the same as POST /api/v1/accounts: a username and a password. The backup codes
 * (the only way to reset the password) are shown once, then the console signs in.
 */
export function SignUpPage() {
  const [created, setCreated] = useState<Created | undefined>(undefined);
  const create = useAction(async (username: string, password: string) => {
    const account = await api.accounts.create.mutate({ username, password });
    setCreated({ username: account.account.username, password, backupCodes: account.backup_codes });
  });
  const signIn = useAction(async (account: Created) => {
    setSession(await api.console.signIn.mutate({ username: account.username, password: account.password }));
    navigate('messages', { replace: true });
  });

  return (
    <main class="auth">
      <div class="card auth-card">
        <div class="brand">Textline</div>
        {created ? (
          <>
            <h1>Save your backup codes</h1>
            <p>
              Each code resets your password once if you forget it. They are shown only now: store them in a password manager or
              print them.
            </p>
            <ul class="backup-codes" aria-label="Backup codes">
              {created.backupCodes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
            <Problem error={signIn.error} />
            <button
              type="button"
              class="primary wide"
              ref={focusOnMount}
              disabled={signIn.busy}
              aria-busy={signIn.busy}
              onClick={() => void signIn.run(created)}
            >
              I saved them: open the console
            </button>
          </>
        ) : (
          <>
            <h1>Create your account</h1>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const form = new FormData(event.currentTarget);
                void create.run(formText(form, 'username').trim(), formText(form, 'password'));
              }}
            >
              <Field label="Username" hint="3-64 letters, digits, dots, hyphens or underscores; no e-mail needed.">
                <input name="username" autocomplete="username" required ref={focusOnMount} />
              </Field>
              <Field label="Password" hint="At least 12 characters.">
                <input name="password" type="password" autocomplete="new-password" required minLength={12} />
              </Field>
              <Problem error={create.error} />
              <button type="submit" class="primary wide" disabled={create.busy} aria-busy={create.busy}>
                Create account
              </button>
            </form>
            <p class="muted small">
              Already have an account? <a href={href('sign-in')}>Sign in</a>.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
