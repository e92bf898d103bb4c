import { api, errorMessage } from '../api.ts';
import { href, navigate } from '../router.ts';
import { setSession } from '../session.ts';
import { busy, h } from '../ui.ts';
import { field } from './common.ts';

function authCard(title: string, ...children: (HTMLElement | null)[]): HTMLElement {
  return h(
    'main',
    { class: 'auth' },
    h('div', { class: 'card auth-card' }, h('div', { class: 'brand' }, 'Textline'), h('h1', {}, title), ...children),
  );
}

export function signInPage(root: HTMLElement): void {
  const username = h('input', { name: 'username', autocomplete: 'username', required: true, autofocus: true });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary wide' }, 'Sign in');
  const form = h('form', {}, field('Username', username), field('Password', password), problem, submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    problem.textContent = '';
    void busy(submit, async () => {
      try {
        setSession(await api.console.signIn.mutate({ username: username.value.trim(), password: password.value }));
        navigate('messages', { replace: true });
      } catch (error) {
        problem.textContent = errorMessage(error);
        password.select();
      }
    });
  });
  root.replaceChildren(
    authCard(
      'Sign in to the console',
      form,
      h(
        'p',
        { class: 'muted small' },
        'Forgot your password? ',
        h('a', { href: href('reset-password') }, 'Reset it with a backup code'),
        '.',
      ),
      h('p', { class: 'muted small' }, 'New to Textline? ', h('a', { href: href('sign-up') }, 'Create an account'), '.'),
    ),
  );
}

export function resetPasswordPage(root: HTMLElement): void {
  const username = h('input', { name: 'username', autocomplete: 'username', required: true, autofocus: true });
  const code = h('input', { name: 'backup_code', autocomplete: 'one-time-code', required: true, placeholder: 'xxxx-xxxx-xxxx' });
  const password = h('input', {
    name: 'new_password',
    type: 'password',
    autocomplete: 'new-password',
    required: true,
    minlength: 12,
  });
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary wide' }, 'Set new password');
  const form = h(
    'form',
    {},
    field('Username', username),
    field('Backup code', code, 'One of the codes shown when the account was created. Each works once.'),
    field('New password', password, 'At least 12 characters.'),
    problem,
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    problem.textContent = '';
    void busy(submit, async () => {
      try {
        const result = await api.console.resetPassword.mutate({
          username: username.value.trim(),
          backup_code: code.value.trim(),
          new_password: password.value,
        });
        form.replaceWith(
          h(
            'div',
            { class: 'notice ok', role: 'status' },
            h('p', {}, `Password changed. ${result.backup_codes_remaining} backup codes left.`),
            h('a', { class: 'button primary', href: href('sign-in') }, 'Sign in'),
          ),
        );
      } catch (error) {
        problem.textContent = errorMessage(error);
      }
    });
  });
  root.replaceChildren(
    authCard('Reset your password', form, h('p', { class: 'muted small' }, h('a', { href: href('sign-in') }, 'Back to sign in'))),
  );
}
