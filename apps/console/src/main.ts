import './styles.css';
import { act, api } from './api.ts';
import { currentRoute, href, navigate, startRouter, type Route } from './router.ts';
import { loadSession, session, setSession, type Session } from './session.ts';
import { errorBox, h, loading, replace } from './ui.ts';
import { pageHeader } from './pages/common.ts';
import { preactPage, unmountPreactPage } from './kit.tsx';
import { ApprovalsPage } from './pages/approvals.tsx';
import { BillingPage } from './pages/billing.tsx';
import { CampaignPage, CampaignsPage } from './pages/campaigns.tsx';
import { CompliancePage } from './pages/compliance.tsx';
import { MessagingSettingsPage } from './pages/messaging-settings.tsx';
import { NumbersPage } from './pages/numbers.tsx';
import { SenderPoolsPage } from './pages/sender-pools.tsx';
import { SignUpPage } from './pages/sign-up.tsx';
import { deliveriesPage } from './pages/deliveries.ts';
import { deliveryPage } from './pages/delivery.ts';
import { conversationPage, conversationsPage } from './pages/conversations.ts';
import { endpointsPage } from './pages/endpoints.ts';
import { eventTypesPage } from './pages/event-types.ts';
import { messagePage, messagesPage } from './pages/messages.ts';
import { oauthClientsPage } from './pages/oauth-clients.ts';
import { optOutsPage } from './pages/opt-outs.ts';
import { resetPasswordPage, signInPage } from './pages/sign-in.ts';
import { tokensPage } from './pages/tokens.ts';
import { usagePage } from './pages/usage.ts';

export type Page = (main: HTMLElement, route: Route) => void | Promise<void>;

const pages: Record<string, { title: string; render: Page }> = {
  endpoints: { title: 'Webhook endpoints', render: endpointsPage },
  deliveries: { title: 'Deliveries', render: deliveriesPage },
  delivery: { title: 'Delivery', render: deliveryPage },
  'event-types': { title: 'Event catalogue', render: eventTypesPage },
  messages: { title: 'Messages', render: messagesPage },
  message: { title: 'Message', render: messagePage },
  conversations: { title: 'Conversations', render: conversationsPage },
  conversation: { title: 'Conversation', render: conversationPage },
  'opt-outs': { title: 'Opt-outs', render: optOutsPage },
  approvals: { title: 'Approvals', render: preactPage(ApprovalsPage) },
  usage: { title: 'Usage', render: usagePage },
  tokens: { title: 'API tokens', render: tokensPage },
  'oauth-clients': { title: 'OAuth clients', render: oauthClientsPage },
  billing: { title: 'Balance and invoices', render: preactPage(BillingPage) },
  numbers: { title: 'Numbers', render: preactPage(NumbersPage) },
  'sender-pools': { title: 'Sender pools', render: preactPage(SenderPoolsPage) },
  compliance: { title: 'Compliance', render: preactPage(CompliancePage) },
  'messaging-settings': { title: 'Messaging settings', render: preactPage(MessagingSettingsPage) },
  campaigns: { title: 'Campaigns', render: preactPage(CampaignsPage) },
  campaign: { title: 'Campaign', render: preactPage(CampaignPage) },
};

const navigation: [string, string, string[]][] = [
  ['messages', 'Messages', ['messages', 'message']],
  ['conversations', 'Conversations', ['conversations', 'conversation']],
  ['opt-outs', 'Opt-outs', ['opt-outs']],
  ['approvals', 'Approvals', ['approvals']],
  ['numbers', 'Numbers', ['numbers']],
  ['sender-pools', 'Sender pools', ['sender-pools']],
  ['compliance', 'Compliance', ['compliance']],
  ['messaging-settings', 'Messaging settings', ['messaging-settings']],
  ['campaigns', 'Campaigns', ['campaigns', 'campaign']],
  ['endpoints', 'Endpoints', ['endpoints', 'event-types']],
  ['deliveries', 'Deliveries', ['deliveries', 'delivery']],
  ['usage', 'Usage', ['usage']],
  ['tokens', 'API tokens', ['tokens']],
  ['oauth-clients', 'OAuth clients', ['oauth-clients']],
  ['billing', 'Billing', ['billing']],
];

const root = document.getElementById('app') ?? document.body;

function layout(route: Route, signed: Session): HTMLElement {
  const signOut = h('button', { type: 'button', class: 'link' }, 'Sign out');
  signOut.addEventListener(
    'click',
    () =>
      void act(signOut, async () => {
        await api.console.signOut.mutate({});
        setSession(null);
        navigate('sign-in', { replace: true });
      }),
  );
  const main = h('main', { id: 'main', tabindex: '-1' });
  root.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      h('a', { class: 'brand', href: href('messages') }, 'Textline'),
      h(
        'nav',
        { 'aria-label': 'Console' },
        ...navigation.map(([path, label, names]) =>
          h('a', { href: href(path), 'aria-current': names.includes(route.name) ? 'page' : undefined }, label),
        ),
      ),
      h('div', { class: 'who' }, h('span', { class: 'username' }, signed.account.username), signOut),
    ),
    main,
  );
  return main;
}

const signedOutPages: Record<string, { title: string; render: (root: HTMLElement, route: Route) => void }> = {
  'sign-in': { title: 'Sign in', render: signInPage },
  'reset-password': { title: 'Reset password', render: resetPasswordPage },
  'sign-up': { title: 'Create an account', render: preactPage(SignUpPage) },
};

async function render(): Promise<void> {
  unmountPreactPage();
  const route = currentRoute();
  const signedOut = signedOutPages[route.name];
  if (signedOut) {
    if (session() && route.name !== 'reset-password') {
      navigate('messages', { replace: true });
      return;
    }
    document.title = `${signedOut.title} · Textline`;
    signedOut.render(root, route);
    return;
  }
  const signed = session();
  if (!signed) {
    navigate('sign-in', { replace: true });
    return;
  }
  const page = pages[route.name];
  const main = layout(route, signed);
  // The layout replaced the link or button that led here: the new page's content takes the focus, so
  // the keyboard (and a screen reader) continues from its heading rather than the top of the document.
  main.focus();
  if (!page) {
    document.title = 'Page not found · Textline';
    replace(
      main,
      pageHeader('Page not found', 'There is no console page at this address.'),
      h('a', { href: href('messages') }, 'Go to messages'),
    );
    return;
  }
  document.title = `${page.title} · Textline`;
  await page.render(main, route);
}

async function boot(): Promise<void> {
  root.replaceChildren(loading('Loading the console…'));
  try {
    await loadSession();
  } catch {
    root.replaceChildren(errorBox('The service could not be reached. Reload the page to try again.'));
    return;
  }
  startRouter(() => void render());
  await render();
}

void boot();
