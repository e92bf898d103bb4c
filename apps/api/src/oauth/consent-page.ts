import { type Scope, scopeDescriptions } from '@textline/contract';
import { escapeHtml, standalonePage } from '../lib/html.ts';

type ConsentPage = {
  clientName: string;
  clientId: string;
  redirectHost: string;
  scopes: readonly Scope[];
  /** The authorization request, re-posted with the form (the SDK handler validates it again). */
  requestFields: Record<string, string>;
  csrfToken: string;
  username?: string | undefined;
  error?: string | undefined;
};

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The sign-in and consent form. Everything the client chose (its name included) is escaped. */
export function renderConsentPage(page: ConsentPage): string {
  const clientName = escapeHtml(page.clientName || page.clientId);
  const scopeItems = page.scopes
    .map(
      (scope) =>
        `<li><label><input type="checkbox" name="approved_scope" value="${scope}" checked> <code>${scope}</code> ` +
        `${escapeHtml(scopeDescriptions[scope])}</label></li>`,
    )
    .join('\n');
  const fields = Object.entries(page.requestFields)
    .map(([name, value]) => hidden(name, value))
    .join('\n');
  return standalonePage({
    title: `Authorize ${page.clientName || page.clientId} - Textline`,
    maxWidth: '28rem',
    style: `ul { padding-left: 0; list-style: none; }
li { margin: .5rem 0; }
label.field { display: block; margin: .75rem 0; }
label.field input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
.error { background: #fee2e2; color: #991b1b; padding: .5rem .75rem; border-radius: 4px; }
.actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; padding: .5rem 1rem; border-radius: 4px; border: 1px solid #a8a29e; background: #fff; cursor: pointer; }
button[value=approve] { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }`,
    main: `<h1>Authorize <span id="client-name">${clientName}</span></h1>
<p><strong>${clientName}</strong> wants to use your Textline account through MCP. Sign in to approve; you will then
return to <code>${escapeHtml(page.redirectHost)}</code>.</p>
${page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form method="post" action="/oauth/authorize">
${fields}
${hidden('csrf_token', page.csrfToken)}
<fieldset>
<legend>It asks to</legend>
<ul>
${scopeItems}
</ul>
</fieldset>
<label class="field">Username <input name="username" autocomplete="username" value="${escapeHtml(page.username ?? '')}" required></label>
<label class="field">Password <input name="password" type="password" autocomplete="current-password" required></label>
<div class="actions">
<button type="submit" name="decision" value="approve">Sign in and approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  });
}
