// Generated from openapi.json by `npm run generate -w @textline/sdk` (openapi-typescript). Do not edit.

export type paths = {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Reports whether the service and its database are up. 503 when the database is unreachable.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Reports whether the service and its database are up. 503 when the database is unreachable.
         */
        get: operations["getApiHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Reports whether the service and its database are up. 503 when the database is unreachable.
         */
        get: operations["getMcpHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Creates a username/password account (no e-mail) with its own workspace and returns a bearer token with the scopes mcp:read, mcp:execute and messages:write, plus one-time backup codes. One successful creation per IP address every five minutes.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account (MCP bootstrap)
         * @description Creates a username/password account (no e-mail) with its own workspace and returns a bearer token with the scopes mcp:read, mcp:execute and messages:write, plus one-time backup codes. One successful creation per IP address every five minutes. The fields may be sent at the top level or nested under "account".
         */
        post: operations["createAccountForMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/migrate-legacy-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a legacy txk_ key for a txt_ token
         * @description Send the legacy txk_ key as the bearer credential. Returns a new txt_ token with the supported scopes of the legacy key; the legacy key is revoked once the token exists. Temporary route.
         */
        post: operations["migrateLegacyKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a developer token with every scope
         * @description Returns a new txt_ bearer token usable on /api/v1 and /mcp, carrying the developer scopes the calling token holds: a full key passes on all of them, and so does the token from account creation through the create_api_key MCP tool. It expires after TOKEN_TTL_DAYS or with the calling token, whichever comes first. A root-level caller (the account-creation token, the console, a key with no parent) gets a root-level key; a delegated token (one with a parent) gets its own child, as POST /api/v1/tokens would give: its spend cap and rate tier, revoked with it. OAuth access tokens cannot create keys (403 oauth_token_cannot_mint). The path keeps its name for backward compatibility.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Onboarding status and next action
         * @description Balance, funding, numbers, branded-request and test-SMS state, and next_action: the one step to take next (with its route and MCP tool) on the way to a workspace that can send.
         */
        get: operations["getOnboardingStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/test-sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test SMS
         * @description Sends a fixed test text to phone_number through the normal send pipeline (balance, spend cap, suppressions and the per-token send rate limit apply). 202 with the queued message.
         */
        post: operations["sendTestSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/funding-invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a stablecoin funding invoice
         * @description Creates an invoice to top up the prepaid balance, or returns the open, unexpired invoice for the same amount. Pay amount_cents in currency on network to pay_to (or via hosted_url); the balance is credited once the provider reports the payment and the invoice turns paid. 422 amount_below_minimum carries minimum_cents.
         */
        post: operations["createFundingInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/funding-invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a funding invoice
         * @description One funding invoice of the workspace; 404 onchain_invoice_not_found for any other id.
         */
        get: operations["getFundingInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/branded-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit business details for a dedicated number
         * @description Stores the business details a dedicated number needs: legal_name, website, use_case, sample_messages (each with opt-out wording) and contact. Fields may arrive over several calls: each submission replaces the fields it names and keeps the rest. The answer lists missing_fields until the request is complete.
         */
        post: operations["submitBrandedRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onboarding/dedicated-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Provision the dedicated number
         * @description Buys and connects the dedicated number once the branded request is complete and a funding invoice is paid. 403 forbidden without a branded request; 422 validation_failed while it is incomplete; 422 dedicated_number_already_provisioned the second time; 402 insufficient_balance until funding is paid.
         */
        post: operations["provisionDedicatedNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tokens
         * @description Every token of the workspace, newest first, with its scopes, expiry, last use, spend cap and today's spend, and the token that created it (parent_token_id: the tree of delegated tokens); never a secret. Pass next_cursor back as cursor.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create a delegated token
         * @description Creates a txt_ token for a sub-agent or a service, with its own name, scopes, expiry, daily spend cap and send rate tier. It never exceeds its creator: scopes a subset of the calling token's, expiry no later, a daily spend cap no higher than the calling token's own (if it has one; the new token gets that cap when none is given), and a send rate tier no higher than the workspace's plan or the calling token's tier, and an approval rule at least as strict as the calling token's (which it gets when none is given). A field that asks for more is 422 naming it. The token is shown only in this response. Its sends count against its own cap and against the cap of every capped token it was created from. Revoking the calling token later revokes this one too. OAuth access tokens cannot create tokens (403 oauth_token_cannot_mint).
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token and the tokens created from it
         * @description Revokes the token and every token created from it, directly or not; they stop working within seconds (the token cache lifetime). A token may revoke itself and the tokens created from it; revoking any other token of the workspace, its creator included, takes the account's own credentials (a token no token created, other than an OAuth token) or the console (403 forbidden otherwise). Revoking a revoked token changes nothing.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's phone numbers
         * @description Every number of the workspace with its status and compliance status, oldest first.
         */
        get: operations["listNumbers"];
        put?: never;
        /**
         * Buy a phone number
         * @description Buys a number through the messaging provider, exactly `number` (one GET /api/v1/numbers/available offered) or any number of `type` (local or toll_free), preferring area_code, and connects it to the workspace. A real carrier's numbers start unregistered: assign a local one to an approved use case (POST /api/v1/use-cases/{id}/numbers) or verify a toll-free one (POST /api/v1/numbers/{id}/toll-free-verification) before sending to US numbers. The sandbox sells them pre-approved. Costs the configured number price from the prepaid balance (402 insufficient_balance when it is too small). A live (non-sandbox) purchase needs the operator guardrail ALLOW_LIVE_NUMBER_PURCHASE=1 (403 forbidden otherwise). 422 number_unavailable when the provider has no matching number or `number` was sold meanwhile (nothing is charged); 503 provider_unavailable when the provider did not answer.
         */
        post: operations["createNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/numbers/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the numbers the provider offers
         * @description The numbers of `type` (local by default, or toll_free) the messaging provider has for sale right now, in area_code if given and containing the digits of `contains` if given, at most `limit`. Buys nothing and costs nothing; buy one with POST /api/v1/numbers and its `number`. Another buyer may take a number between the search and the purchase (422 number_unavailable then). An empty list means nothing matches. 503 provider_unavailable when the provider did not answer.
         */
        get: operations["searchAvailableNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/numbers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a phone number
         * @description One number of the workspace: its status, type, registration, pace (throughput_per_second) and health. 404 not_found for an id not in this workspace.
         */
        get: operations["getNumber"];
        put?: never;
        post?: never;
        /**
         * Release a phone number
         * @description Gives the number back to the messaging provider and marks it released: it never sends again. Recipients who were texted from it get another connected number on their next send, and messages still waiting for dispatch (queued or scheduled) go out from another connected number. Releasing the last connected number is allowed; sends then fail with 422 branded_number_missing until you buy another. Nothing is refunded: the purchase price is spent. Releasing a number that is already released changes nothing and answers 200 with it again. 404 not_found for an id not in this workspace; 503 provider_unavailable when the provider did not answer (the number stays connected; retry).
         */
        delete: operations["releaseNumber"];
        options?: never;
        head?: never;
        /**
         * Rename a phone number
         * @description Sets the number's friendly_name, your label for it. 404 not_found for an id not in this workspace.
         */
        patch: operations["updateNumber"];
        trace?: never;
    };
    "/api/v1/numbers/{id}/toll-free-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a toll-free number
         * @description Submits a toll-free number for verification with the brand behind it and what it will send. The number's registration becomes pending, then approved or rejected with reasons (number.registration_updated). A rejected or unregistered number may be submitted again. 404 not_found for a number or brand not in this workspace; 422 invalid_state for a local number (assign it to a use case instead), a released one, or one pending or approved already. The sandbox carrier decides within a few seconds (at most SANDBOX_DELAY_MS x 10); a submission whose name or description contains REJECT is rejected with reasons naming the field. 503 provider_unavailable when the carrier did not answer.
         */
        post: operations["createTollFreeVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List brands
         * @description The brands of the workspace with their status and rejection reasons, newest first.
         */
        get: operations["listBrands"];
        put?: never;
        /**
         * Register a brand
         * @description Submits the business behind the traffic to the carriers (the 10DLC brand). It starts pending; brand.updated reports the decision (verified, or rejected with rejection_reasons). A verified brand can register use cases (POST /api/v1/use-cases). A rejected one can be corrected and submitted again (PATCH /api/v1/brands/{id}). The sandbox carrier decides within a few seconds (at most SANDBOX_DELAY_MS x 10); a submission whose name or description contains REJECT is rejected with reasons naming the field. 503 provider_unavailable when the carrier did not answer (nothing is recorded; retry).
         */
        post: operations["createBrand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/brands/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a brand
         * @description One brand with its status and rejection reasons. 404 not_found for an id not in this workspace.
         */
        get: operations["getBrand"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct and resubmit a rejected brand
         * @description Changes the fields given of a rejected brand and submits it to the carriers again. The corrected fields replace the rejected ones, the status goes back to pending and rejection_reasons are cleared, and the carrier decides again (brand.updated reports the change to pending and the new decision). Only a rejected brand can be corrected: 409 registration_not_rejected otherwise. 404 not_found for an id not in this workspace. The sandbox carrier decides within a few seconds (at most SANDBOX_DELAY_MS x 10); a submission whose name or description contains REJECT is rejected with reasons naming the field. 503 provider_unavailable when the carrier did not answer (nothing changes; retry).
         */
        patch: operations["updateBrand"];
        trace?: never;
    };
    "/api/v1/use-cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List use cases
         * @description The use cases of the workspace with their status, reasons and throughput, newest first.
         */
        get: operations["listUseCases"];
        put?: never;
        /**
         * Register a use case
         * @description Submits what a verified brand's local numbers will send (the 10DLC campaign; unrelated to drip campaigns). It starts pending; use_case.updated reports the decision (approved with its throughput, or rejected with rejection_reasons). Assign local numbers with POST /api/v1/use-cases/{id}/numbers. 404 not_found for a brand not in this workspace; 422 invalid_state while the brand is not verified. The sandbox carrier decides within a few seconds (at most SANDBOX_DELAY_MS x 10); a submission whose name or description contains REJECT is rejected with reasons naming the field. 503 provider_unavailable when the carrier did not answer (nothing is recorded; retry).
         */
        post: operations["createUseCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/use-cases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a use case
         * @description One use case with its status, reasons and throughput. 404 not_found for an id not in this workspace.
         */
        get: operations["getUseCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct and resubmit a rejected use case
         * @description Changes the fields given of a rejected use case and submits it to the carriers again. The corrected fields replace the rejected ones, the status goes back to pending and rejection_reasons are cleared, and the carrier decides again (use_case.updated reports the change to pending and the new decision). Its numbers stay assigned and follow it: their registration goes back to pending (number.registration_updated) and then to the decision. Only a rejected use case can be corrected: 409 registration_not_rejected otherwise. 404 not_found for an id not in this workspace. The sandbox carrier decides within a few seconds (at most SANDBOX_DELAY_MS x 10); a submission whose name or description contains REJECT is rejected with reasons naming the field. 503 provider_unavailable when the carrier did not answer (nothing changes; retry).
         */
        patch: operations["updateUseCase"];
        trace?: never;
    };
    "/api/v1/use-cases/{id}/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a number to a use case
         * @description Registers a connected local number's traffic under the use case (moving it from another one if it had one). The number's registration follows the use case: pending while it is, approved once it is (at once for an approved one), rejected with its reasons. number.registration_updated reports each change. 404 not_found for a use case or number not in this workspace; 422 invalid_state for a toll-free number (verify it with POST /api/v1/numbers/{id}/toll-free-verification), a released number or a rejected use case; 503 provider_unavailable when the carrier did not answer (nothing changed; retry).
         */
        post: operations["assignUseCaseNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/use-cases/{id}/numbers/{number_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unassign a number from a use case
         * @description Takes the number out of the use case: its registration becomes unregistered, so with a real carrier its sends to US numbers are refused (sender_not_registered) until it is assigned again. 404 not_found for a use case or number not in this workspace, or a number not assigned to this use case; 503 provider_unavailable when the carrier did not answer (nothing changed; retry).
         */
        delete: operations["unassignUseCaseNumber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search messages
         * @description Messages of this workspace in both directions, newest first: what you sent and what you received (replies, STOP), the latter with direction inbound and status received. Every filter narrows the list and all of them combine. Looking a send up by idempotency_key tells whether a send whose answer was lost was accepted. Pass next_cursor back as cursor for the next page. Not rate limited.
         */
        get: operations["listMessages"];
        put?: never;
        /**
         * Send an SMS
         * @description Queues an SMS to phone_number from one of the workspace's connected numbers (the same number each recipient got before, else the least recently used one) and debits segments x price from the prepaid balance. Checks, in this order: the per-token send rate limit (429; a replay of an accepted idempotency_key is exempt), the request (422), idempotency_key (200 replay or 409), workspace suppression of the recipient (403), a connected sender (422 branded_number_missing; with from, 422 sender_number_not_found unless from is a connected number of the workspace), the balance (402 insufficient_balance) and the daily spend cap (402 spend_limit_exceeded). With send_at (between 1 minute and 35 days from now, else 422 naming send_at) the same checks run and the cost is debited now, but the message is scheduled: it goes out at send_at unless canceled (POST /api/v1/messages/{id}/cancel) or the recipient opted out meanwhile (then it fails with error_code workspace_suppressed and is refunded).
         */
        post: operations["createMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send many SMS in one call
         * @description Up to 1000 sends in one request, each with its own recipient, body (or template_id and variables), idempotency_key, send_at and metadata, and one sender (from) or sender pool (sender_pool_id) for all. Answers 200 with one result per item, in order: its status is the one it would have had as a single POST /api/v1/messages (202, 200 replay, 402, 403, 409, 422, 429) and its error the catalogue body. Each accepted item takes one send from the token's rate limit bucket and its cost from the balance and caps: the items past what the bucket holds get their own 429 with retry_after_seconds, so a tier sends at most its burst capacity per batch (starter 1, growth 5, scale 10, enterprise 20). A request that fails its schema is refused whole (422 naming messages.<index>.<field>); the checks after it are per item.
         */
        post: operations["sendMessageBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a message
         * @description The status, recipient, segments and cost of a message of this workspace, and why it failed (error_code, retry), with every field the message list shows (direction, sender, body, campaign, idempotency_key, metadata, timestamps). An inbound message id (inb_) resolves too. Not rate limited.
         */
        get: operations["getMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the timeline of a message
         * @description Every step of one message, oldest first, each {at, type, detail}: its acceptance (token or campaign, cost debited), each sender failover skipped, the dispatch to the carrier (attempts, outcome), each carrier report (type, external id, repeats), its refund, the opt-out it caused, the first click on each of its tracked links (with that link's count), and each webhook delivery about it with its attempts and status codes. Inbound message ids (inb_) resolve too.
         */
        get: operations["getMessageTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled or held message
         * @description scheduled or pending_approval -> canceled: the message will not be sent and its cost is refunded (a held message's approval reads canceled); answers the message as GET /api/v1/messages/{id} does. Any other status (the message has gone out already, or was approved, rejected or canceled) answers 422 message_not_cancelable naming the current status. When a cancel meets the dispatch at send_at, an approval or the expiry, exactly one of them wins. Not rate limited.
         */
        post: operations["cancelMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a send without sending
         * @description Takes the body of POST /api/v1/messages and answers what sending it now would do, with no side effect at all: nothing is sent, debited or recorded, and the send rate limit is neither checked nor taken. The encoding and segments, the cost, the characters that force UCS-2 with their positions, the sender that would be used, the balance, what the daily spend cap leaves, and the verdict: accept, or the error the send would get now, decided by the same checks in the same order as the send. A request the send would refuse as invalid (422 validation_failed, send_at outside its window included) is refused the same way here. The send rate limit is not part of the verdict. With campaign_id it previews the send as a step of that campaign: a number without the consent the campaign requires is the blocker consent_missing (campaign_id needs a token with compliance:read too: 403 otherwise).
         */
        post: operations["previewMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sends held for approval
         * @description Sends held by their token's approval rule, newest first, each with its message (recipient, body, cost), the requesting token, its expiry and, once resolved, who approved or rejected it. status=pending lists what waits for a decision. Pass next_cursor back as cursor.
         */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a held send
         * @description pending -> approved: the message is dispatched (queued, or scheduled until its send_at). Takes a messages:write token that is neither the token that made the send nor one created from it, and has no approval rule of its own (403 forbidden otherwise), or the signed-in console. An approval no longer pending (approved, rejected, or expired and refunded) answers 422 approval_not_pending; when an approval and its expiry meet, exactly one of them wins.
         */
        post: operations["approveApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a held send
         * @description pending -> rejected: the message is canceled and its cost refunded. Takes a messages:write token that is neither the token that made the send nor one created from it, and has no approval rule of its own (403 forbidden otherwise), or the signed-in console. An approval no longer pending answers 422 approval_not_pending.
         */
        post: operations["rejectApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a tracked link
         * @description The short link a send with shorten_links put in its body: answers 302 with Location set to the original URL, and counts the click on the message (link_clicks; the client's IP is kept only as a keyed hash, its user agent only as a family); the count and, for the first click of each link, the message.link_clicked event follow within about a second. Only codes the service made redirect: any other is 404.
         */
        get: operations["followLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sender-pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sender pools
         * @description Sender pools of the workspace, newest first; pass next_cursor back as cursor. A send with sender_pool_id (or, naming neither from nor sender_pool_id, a send of a workspace with a default pool) goes from one of the pool's numbers: the recipient's sticky sender (sticky_sender), else a number of its area code, else of its state or province (area_code_match), else the least loaded (free soonest at its pace, then the least recently used). A released, suspended or failing number is skipped.
         */
        get: operations["listSenderPools"];
        put?: never;
        /**
         * Create a sender pool
         * @description A group of the workspace's numbers that shares its sends. A send with sender_pool_id (or, naming neither from nor sender_pool_id, a send of a workspace with a default pool) goes from one of the pool's numbers: the recipient's sticky sender (sticky_sender), else a number of its area code, else of its state or province (area_code_match), else the least loaded (free soonest at its pace, then the least recently used). A released, suspended or failing number is skipped. A number id that is not a connected number of the workspace is 422 naming number_ids.
         */
        post: operations["createSenderPool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sender-pools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a sender pool
         * @description One sender pool of the workspace with its numbers.
         */
        get: operations["getSenderPool"];
        put?: never;
        post?: never;
        /**
         * Delete a sender pool
         * @description Deletes the pool, not its numbers. Sends accepted before keep their sender; later sends that name it are 422 sender_pool_not_found, and without a default pool sends choose from every connected number again.
         */
        delete: operations["deleteSenderPool"];
        options?: never;
        head?: never;
        /**
         * Update a sender pool
         * @description Changes the name, the numbers (number_ids replaces the list), the selection settings or whether it is the default. Sends accepted before keep their sender.
         */
        patch: operations["updateSenderPool"];
        trace?: never;
    };
    "/api/v1/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the send queue
         * @description How many accepted messages wait for the carrier, the oldest, and when the queue is expected to drain, in all and per sender number: each number sends at its throughput_per_second, the carrier's pace. A scheduled message is not queued until its send_at.
         */
        get: operations["getQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the OAuth clients you authorized
         * @description MCP clients (for example desktop agents) that the current user approved through OAuth, with the approved scopes and when each last used its access. Revoked clients are not listed.
         */
        get: operations["listMcpOAuthClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/oauth-clients/{client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an OAuth client's access
         * @description Revokes every access and refresh token the client holds for the current user and withdraws the consent; the client must ask the user again. 404 when the user never authorized this client.
         */
        delete: operations["revokeMcpOAuthClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The webhook endpoints of the workspace, newest first, each with its health over the last 24 hours; pass next_cursor back as cursor.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Adds an endpoint with a new whsec_ signing secret (GET .../secret). The URL must be https and its host must resolve to public addresses only; every connection is checked again. Events are signed per Standard Webhooks.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description The endpoint with its health: 24 h success rate and latency, consecutive failures, last success.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint and its delivery records; scheduled retries are dropped.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the URL, description, event types, enabled flag, max_per_second or ordering; only the fields given change. Enabling an endpoint the service disabled clears disabled_reason and starts a fresh failure window.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reveal the signing secret
         * @description The whsec_ secret to verify signatures with (Standard Webhooks). It forges events for this endpoint, so it takes webhooks:write.
         */
        get: operations["getWebhookEndpointSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Issues a new secret. For 24 hours requests carry a second signature made with the old secret, so consumers can switch without dropping events.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends an example event of the given type (default: the first subscribed type, else message.sent) to this endpoint only; it appears among the deliveries. The endpoint must be enabled. Test events to one endpoint are limited (by default 5 a minute); past that, 429 webhook_test_rate_limited with Retry-After.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recover failed deliveries
         * @description Replays every failed delivery of the endpoint created since `since` (at most 14 days ago), each with its original payload and event id, and answers the recovery: how many were queued and how many wait. While a recovery of the endpoint runs, another call answers that one (already_running: true) and queues nothing; a delivery whose replay already waits is not queued twice. The endpoint must be enabled.
         */
        post: operations["recoverWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hourly attempt counts of an endpoint
         * @description Attempts made to the endpoint in each of the last 24 hours (UTC hours, oldest first, the current hour last), with how many got a 2xx: the figures behind the 24 h success rate in its health.
         */
        get: operations["getWebhookEndpointStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description Deliveries newest first, filtered by status, event type, endpoint, event, message and creation time; pass next_cursor back as cursor for the next page.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a webhook delivery
         * @description The delivery with its payload, and every attempt (newest first) with its request headers and response.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a webhook delivery
         * @description Sends the original payload (same event id) again and records a new attempt. While a replay of the delivery waits to be attempted (replay_queued), replaying it again answers that one and queues nothing. The endpoint must be enabled.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Campaigns of the workspace, newest first, optionally filtered by status; pass next_cursor back as cursor.
         */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create a campaign
         * @description Creates a draft campaign. Add stages, enroll numbers, then activate it. Quiet hours (no sends 21:00-08:00 in the recipient's local time) are on by default and can be changed in settings.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign
         * @description The campaign with its stages, settings and enrollment counts.
         */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a campaign
         * @description Changes name, description or settings (merged field by field). An archived campaign cannot change (422 invalid_state).
         */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/api/v1/campaigns/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a campaign
         * @description draft -> active (needs at least one stage) starts delivery: the first stage is due its delay after activation, or after enrollment for numbers enrolled later. paused -> active resumes: steps that came due while paused go out now, nothing is sent twice. Any other transition answers 422 invalid_state naming the current status.
         */
        post: operations["activateCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign
         * @description active -> paused: every step that comes due is held until the campaign is activated again. Any other transition answers 422 invalid_state naming the current status.
         */
        post: operations["pauseCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a campaign
         * @description draft, active or paused -> archived, which is final: every enrollment stops and nothing more is sent. Any other transition answers 422 invalid_state naming the current status.
         */
        post: operations["archiveCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/stages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a stage
         * @description Adds a message step. Templates may use the contact fields {{first_name}}, {{last_name}}, {{phone_number}} and {{attributes.<key>}}, each with an optional fallback such as {{first_name | default: "there"}}, and {{snippet:<name>}} to insert a snippet. Unknown variables and unknown snippets are rejected with 422 when the template is saved. Without position the stage goes last; with one it is inserted there and later stages move down. At most 50 stages. Enrollments that already finished every stage do not receive stages added later.
         */
        post: operations["addCampaignStage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List enrollments
         * @description The campaign's enrollments, newest first, each with its status, stop_reason and skip_reason. A step's send counts against the daily spend caps of the token that enrolled the number and of the tokens it was created from, as that token's own sends do. A step a spend cap (the workspace's or a token's) refuses is skipped with that skip_reason and tried again once, at 00:00 UTC when the caps start a new day, never before, so it neither retries in a loop nor holds up other enrollments; a step that costs more than a whole daily cap of the enrolling token (or an ancestor) can never be sent, and its enrollment stops with stop_reason step_over_spend_cap. A step refused for the balance or a missing sender number is tried again after 15 minutes. The campaign counts skipped enrollments by reason in skipped_counts.
         */
        get: operations["listCampaignEnrollments"];
        put?: never;
        /**
         * Enroll numbers
         * @description Enrolls up to 1000 phone_numbers, or every contact of contact_list_id (exactly one of the two). Idempotent: numbers already enrolled are counted, not enrolled again. Numbers with a workspace opt-out or a suppression in this campaign are not enrolled. Contact fields for templates come from the contact with the same number. Archived campaigns answer 422 invalid_state.
         */
        post: operations["enrollInCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaign suppressions
         * @description Numbers suppressed in this campaign, newest first, with how many deliveries each one skipped.
         */
        get: operations["listCampaignSuppressions"];
        put?: never;
        /**
         * Suppress a number in a campaign
         * @description Stops this campaign from messaging the number: its due steps are skipped (and counted) and held, not retried, until the suppression is deleted. Other campaigns and direct sends are not affected. Suppressing a number that is already suppressed returns the existing suppression with 200.
         */
        post: operations["createCampaignSuppression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{campaign_id}/suppressions/{suppression_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a campaign suppression
         * @description Deletes the suppression; held steps for the number continue if the campaign is active.
         */
        delete: operations["deleteCampaignSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List message templates
         * @description A template is a message body with {{variable}} placeholders. A send (POST /api/v1/messages, the batch, the preview) may give template_id and variables instead of body: the body is rendered at acceptance, and the message keeps the rendered text, so changing or deleting the template later changes no message. Newest first; pass next_cursor back as cursor.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a message template
         * @description A template is a message body with {{variable}} placeholders. A send (POST /api/v1/messages, the batch, the preview) may give template_id and variables instead of body: the body is rendered at acceptance, and the message keeps the rendered text, so changing or deleting the template later changes no message.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a message template
         * @description A template is a message body with {{variable}} placeholders. A send (POST /api/v1/messages, the batch, the preview) may give template_id and variables instead of body: the body is rendered at acceptance, and the message keeps the rendered text, so changing or deleting the template later changes no message.
         */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a message template
         * @description Deletes the template and answers it as it was; a later send naming it is 422 naming template_id. Messages sent with it keep their text.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /**
         * Update a message template
         * @description Changes the name or the body; later sends render the new body. A template is a message body with {{variable}} placeholders. A send (POST /api/v1/messages, the batch, the preview) may give template_id and variables instead of body: the body is rendered at acceptance, and the message keeps the rendered text, so changing or deleting the template later changes no message.
         */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/api/v1/snippets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List snippets
         * @description Snippets of the workspace, newest first; pass next_cursor back as cursor.
         */
        get: operations["listSnippets"];
        put?: never;
        /**
         * Create a snippet
         * @description Snippets are reusable text blocks inserted into stage templates with {{snippet:<name>}}; the current snippet text is used at send time. Templates may use the contact fields {{first_name}}, {{last_name}}, {{phone_number}} and {{attributes.<key>}}, each with an optional fallback such as {{first_name | default: "there"}}, and {{snippet:<name>}} to insert a snippet. Unknown variables and unknown snippets are rejected with 422 when the template is saved. A name already in use answers 422.
         */
        post: operations["createSnippet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/snippets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a snippet
         * @description Changes the name or body. Later sends use the new body. A snippet used by a campaign stage cannot be renamed (422).
         */
        patch: operations["updateSnippet"];
        trace?: never;
    };
    "/api/v1/contact-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contact lists
         * @description Contact lists of the workspace with their sizes, newest first; pass next_cursor back as cursor.
         */
        get: operations["listContactLists"];
        put?: never;
        /**
         * Create a contact list
         * @description Creates an empty list; add contacts with POST /api/v1/contact-lists/{id}/contacts.
         */
        post: operations["createContactList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact-lists/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add contacts to a list
         * @description Adds up to 1000 contacts. Contacts are kept per workspace and matched by phone number: an existing contact gets the fields given (attributes are merged) and is added to the list. Entries with an invalid number are skipped and reported in errors; the rest are stored.
         */
        post: operations["addContactListContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations
         * @description A conversation is the thread between one phone number and one of your numbers: it starts with their first reply, and holds their replies and every message you sent that number from that sender. Latest reply first; filter by phone_number; pass next_cursor back as cursor. A conversation that gets a reply while you page moves to the top, so a page may repeat or skip it.
         */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a conversation
         * @description A conversation is the thread between one phone number and one of your numbers: it starts with their first reply, and holds their replies and every message you sent that number from that sender. Answers the conversation and its messages in both directions, newest first, in the shape of the message list; pass next_cursor back as cursor for older ones.
         */
        get: operations["getConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wait for replies
         * @description Replies without a webhook server: the messages phone_number sent to sender_number after `after`, oldest first (at most 50). When there are none yet, the request waits up to wait_seconds (at most 30) and answers as soon as one arrives, else with an empty list at the deadline. id is the conversation, or a message you sent (msg_...): its recipient's replies to its sender number, before a conversation exists (the first reply starts it). A token waits in at most a few requests at once (429 too_many_waits).
         */
        get: operations["waitForReplies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List opt-outs
         * @description Numbers this workspace may not message (workspace suppressions), newest first, including lifted ones (active false). Filter by phone_number, source or active; pass next_cursor back as cursor.
         */
        get: operations["listSuppressions"];
        put?: never;
        /**
         * Add an opt-out
         * @description Suppresses a number workspace-wide (source manual): every send to it is then refused as a recipient opt-out is (API, MCP, console and campaign deliveries; 403 workspace_suppressed), and opt_out.created is sent to your webhooks. A number already actively suppressed is returned as it is with 200; a lifted one is suppressed again.
         */
        post: operations["createSuppression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/suppressions/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a number for an opt-out
         * @description The suppression of one number, active or lifted; 404 when the number was never suppressed. A send to a number with an active suppression is refused with 403 workspace_suppressed.
         */
        get: operations["checkSuppression"];
        put?: never;
        post?: never;
        /**
         * Lift an opt-out
         * @description Lifts a suppression this workspace added (removable true); the suppression stays listed with active false. One the recipient asked for (STOP reply or carrier opt-out) is refused with 422 suppression_not_removable: only their START reply lifts it. Lifting one already lifted returns it unchanged.
         */
        delete: operations["deleteSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the balance and the spend of the day
         * @description The prepaid balance, what was spent today (UTC day) and the daily spend cap with what remains of it. A send needs its cost in the balance (else 402 insufficient_balance) and within the remaining spend (else spend_limit_exceeded).
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ledger entries
         * @description Every credit and debit of the prepaid balance, newest first, each with the balance it left. Filter by kind, created_after (inclusive) and created_before (exclusive); pass next_cursor back as cursor.
         */
        get: operations["listLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get usage by day or month
         * @description Messages and spend per day or per month from `from` to `to` (both included, UTC, at most 366 days), oldest first, one period for each day or month that had activity. A message counts in the period it was accepted or received in, with its status now; refunds count in the period they were paid back in. With granularity month, the first and last months count only the days from `from` to `to`.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the workspace settings
         * @description The settings of the whole workspace: retention_days, how long its messages and events are kept.
         */
        get: operations["getWorkspaceSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace settings
         * @description Changes the fields given and answers every setting. retention_days applies from the next maintenance run, which redacts or deletes what is older in small batches; null stops it (nothing redacted comes back).
         */
        patch: operations["updateWorkspaceSettings"];
        trace?: never;
    };
    "/api/v1/sandbox/funding-invoices/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a funding invoice (sandbox)
         * @description Sandbox only: served with the sandbox carrier and sandboxpay (the defaults); with a live provider (MESSAGING_PROVIDER=twilio) this route answers 404 and its MCP tool is not listed. Settles an open funding invoice of the workspace as a sandboxpay wallet would: the signed funding.completed event of its hosted checkout's pay action, reconciled before the answer, so the invoice is paid and the balance credited. Paying a paid invoice again changes nothing; an expired or failed one answers 422 invalid_state.
         */
        post: operations["paySandboxInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/inbound-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a reply (sandbox)
         * @description Sandbox only: served with the sandbox carrier and sandboxpay (the defaults); with a live provider (MESSAGING_PROVIDER=twilio) this route answers 404 and its MCP tool is not listed. A text from `from` to one of the workspace's connected numbers (`to`; by default the number `from` was last sent from, else the oldest connected one), posted by the sandbox carrier to the inbound webhook and reconciled before the answer: it is stored in its conversation and reported as message.received. STOP-family keywords opt `from` out workspace-wide, START lifts that. 422 naming `to` when it is not a connected number of the workspace; 422 branded_number_missing when the workspace has none.
         */
        post: operations["receiveSandboxMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/messages/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a message failed or its recipient opted out (sandbox)
         * @description Sandbox only: served with the sandbox carrier and sandboxpay (the defaults); with a live provider (MESSAGING_PROVIDER=twilio) this route answers 404 and its MCP tool is not listed. The sandbox carrier reports on a message of the workspace through the signed provider event route, reconciled before the answer. outcome fail: message.failed with error_code (default carrier_failure); the message fails and is refunded, while it is queued, sending or sent (otherwise 422 invalid_state with current_status). outcome opt_out: recipient.opted_out; the recipient is suppressed workspace-wide (not for a scheduled or canceled message, which no carrier saw). An inbound message id or another workspace's id answers 404.
         */
        post: operations["reportSandboxMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the scripted recipients (sandbox)
         * @description Sandbox only: served with the sandbox carrier and sandboxpay (the defaults); with a live provider (MESSAGING_PROVIDER=twilio) this route answers 404 and its MCP tool is not listed. The reserved numbers whose sends the sandbox carrier scripts: a reply with a fixed text or a one-time code, STOP, HELP, a landline, carrier filtering, late, out-of-order or missing delivery reports. Each script runs through the signed provider webhook routes, as a real carrier's reports do. Any other number is sent, then delivered.
         */
        get: operations["listSandboxRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messaging-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the messaging settings
         * @description The workspace's keyword replies (help message, opt-out and opt-in confirmations, custom keywords) and the policies applied to every send: allowed hours, allowed destination countries, landline rejection and the SMS pumping guard. A workspace that never changed them reads the defaults.
         */
        get: operations["getMessagingSetting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the messaging settings
         * @description Changes the fields given and keeps the others; quiet_hours and pumping_guard change field by field too, and keywords and allowed_countries are replaced whole. Answers the settings as they now are. Every send made after the change follows them, on every path (API, MCP, console, scheduled sends, campaign steps).
         */
        patch: operations["updateMessagingSetting"];
        trace?: never;
    };
    "/api/v1/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a consent
         * @description Records a recipient's opt-in with its evidence. A number keeps its newest consent: recording another replaces it. A campaign with settings.require_consent sends only to numbers with one.
         */
        post: operations["createConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/consents/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a number's consent
         * @description The consent recorded for a number; 404 when none was.
         */
        get: operations["getConsent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/lookups/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up a number
         * @description A number's country, line type (mobile, landline, voip, toll_free or unknown), carrier and validity, from the carrier's lookup service. Answers are cached for 30 days, so a repeat costs nothing. With reject_landlines a send to a number this calls a landline is refused with 422 landline_destination.
         */
        get: operations["getLookup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List MCP tools (legacy REST)
         * @description The tools of POST /mcp as tools/list describes them: name, input and output JSON Schema, annotations.
         */
        get: operations["listMcpToolsLegacy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp/tools/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Call an MCP tool (legacy REST)
         * @description Runs one tool as tools/call on POST /mcp does, with its arguments as params. The tool runs as the token holder with mcp:execute, whatever the scope of the tool's own REST route: an account token gets a full developer key from create_api_key. A refusal answers with the status and error body the REST route gives; a tool that does not finish within the time limit answers 504 timeout (check its effect before retrying).
         */
        post: operations["callMcpToolLegacy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "message.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.sent
         * @description The carrier accepted a message for delivery. Sent to every enabled endpoint subscribed to message.sent (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageSentEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.delivered
         * @description The carrier confirmed delivery of a message to the handset. Sent to every enabled endpoint subscribed to message.delivered (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageDeliveredEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.failed
         * @description A message could not be delivered; its cost was refunded. Sent to every enabled endpoint subscribed to message.failed (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.received
         * @description A reply arrived at one of your numbers. Sent to every enabled endpoint subscribed to message.received (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageReceivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.approval_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.approval_requested
         * @description A send was held by its token's approval rule (status pending_approval): a person approves or rejects it. Sent to every enabled endpoint subscribed to message.approval_requested (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageApprovalRequestedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.approval_resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.approval_resolved
         * @description A held send was approved (it goes out), or rejected or left to expire (it is canceled and refunded). Sent to every enabled endpoint subscribed to message.approval_resolved (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageApprovalResolvedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.link_clicked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.link_clicked
         * @description A tracked link of a message (shorten_links) was clicked for the first time; later clicks only count in link_clicks. Sent to every enabled endpoint subscribed to message.link_clicked (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["messageLinkClickedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.created
         * @description The first message between a number and one of yours started a conversation. Sent to every enabled endpoint subscribed to conversation.created (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["conversationCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.updated
         * @description A conversation got a new message. Sent to every enabled endpoint subscribed to conversation.updated (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["conversationUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opt_out.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * opt_out.created
         * @description A number opted out (STOP reply or carrier event); sends to it are refused from now on. Sent to every enabled endpoint subscribed to opt_out.created (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["optOutCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "brand.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * brand.updated
         * @description The carriers decided on a brand (its status is verified, or rejected with rejection_reasons), or a rejected brand was corrected and is pending again. Sent to every enabled endpoint subscribed to brand.updated (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["brandUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "use_case.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * use_case.updated
         * @description The carriers decided on a use case (approved with its throughput, or rejected with rejection_reasons), or a rejected use case was corrected and is pending again. Sent to every enabled endpoint subscribed to use_case.updated (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["useCaseUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "number.registration_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * number.registration_updated
         * @description A number's registration changed (assigned, unassigned, its use case or toll-free verification decided). Sent to every enabled endpoint subscribed to number.registration_updated (POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.
         */
        post: operations["numberRegistrationUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        GetHealthResponse: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @enum {string} */
            database: "ok" | "unavailable";
            /** @enum {string} */
            mode: "embedded" | "scaled";
            version: string;
        };
        GetApiHealthResponse: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @enum {string} */
            database: "ok" | "unavailable";
            /** @enum {string} */
            mode: "embedded" | "scaled";
            version: string;
        };
        GetMcpHealthResponse: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @enum {string} */
            database: "ok" | "unavailable";
            /** @enum {string} */
            mode: "embedded" | "scaled";
            version: string;
        };
        CreateAccountResponse: {
            account: {
                /** Format: uuid */
                id: string;
                username: string;
            };
            /** @description One-time codes for console password reset; shown only here */
            backup_codes: string[];
            token: {
                /** @constant */
                type: "Bearer";
                /** @description Bearer token beginning txt_; shown only once */
                access_token: string;
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
            };
        };
        CreateAccountForMcpResponse: {
            account: {
                /** Format: uuid */
                id: string;
                username: string;
            };
            /** @description One-time codes for console password reset; shown only here */
            backup_codes: string[];
            token: {
                /** @constant */
                type: "Bearer";
                /** @description Bearer token beginning txt_; shown only once */
                access_token: string;
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
            };
        };
        MigrateLegacyKeyResponse: {
            token: {
                /** @constant */
                type: "Bearer";
                /** @description Bearer token beginning txt_; shown only once */
                access_token: string;
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
            };
        };
        CreateApiKeyResponse: {
            token: {
                /** @constant */
                type: "Bearer";
                /** @description Bearer token beginning txt_; shown only once */
                access_token: string;
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
            };
        };
        GetOnboardingStatusResponse: {
            balance_cents: number;
            funding: {
                /** @description Whether the prepaid balance is above zero */
                funded: boolean;
                /** @description Smallest amount a funding invoice accepts */
                minimum_cents: number;
                latest_invoice: {
                    id: string;
                    /**
                     * @description open until paid or past expires_at
                     * @enum {string}
                     */
                    status: "open" | "paid" | "expired" | "failed";
                    amount_cents: number;
                    /** @description Stablecoin to pay in, e.g. USDC */
                    currency: string;
                    /** @description Chain to pay on, e.g. base */
                    network: string;
                    /** @description Address to send exactly the amount to */
                    pay_to: string;
                    /** @description The funding provider's session id; funding events name it */
                    session_id: string;
                    /** @description Payment page of the funding provider */
                    hosted_url: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    expires_at: string;
                    paid_at: string | null;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                } | null;
            };
            numbers: {
                /** @description Connected sender numbers */
                connected: number;
                dedicated_number: string | null;
            };
            branded_request: {
                /** @enum {string} */
                status: "not_submitted" | "incomplete" | "submitted" | "provisioning" | "provisioned";
                missing_fields: ("legal_name" | "website" | "use_case" | "sample_messages" | "contact")[];
            };
            test_sms: {
                /**
                 * @description not_sent, or the status of the latest test message (queued, sent, delivered, failed)
                 * @enum {string}
                 */
                status: "not_sent" | "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                message_id: string | null;
                sent_at: string | null;
            };
            next_action: {
                /** @enum {string} */
                action: "create_funding_invoice" | "pay_funding_invoice" | "submit_branded_request" | "provision_dedicated_number" | "buy_number" | "send_test_sms" | "ready";
                /** @description What to do, in a sentence */
                hint: string;
                /** @enum {string} */
                method: "GET" | "POST";
                /** @description The REST route that performs the action */
                path: string;
                /** @description The MCP tool that performs the action */
                mcp_tool: string;
            };
        };
        SendTestSmsResponse: {
            message: {
                id: string;
                /**
                 * @description queued when accepted (scheduled when accepted with send_at, until it is due; pending_approval while it waits for a person to approve it under its token's approval rule), then sending, sent, delivered or failed; canceled when a scheduled message was canceled or a pending one rejected or left to expire. A failed or canceled send is refunded.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description Present when status is pending_approval: the send waits for a person to approve it (the agent cannot) */
                approval?: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                };
                /**
                 * Format: date-time
                 * @description Only when the workspace's allowed hours (quiet_hours.mode hold) held the send: the time it is scheduled for, the next allowed minute in the recipient's local time
                 */
                held_until?: string;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
            };
        };
        CreateFundingInvoiceResponse: {
            invoice: {
                id: string;
                /**
                 * @description open until paid or past expires_at
                 * @enum {string}
                 */
                status: "open" | "paid" | "expired" | "failed";
                amount_cents: number;
                /** @description Stablecoin to pay in, e.g. USDC */
                currency: string;
                /** @description Chain to pay on, e.g. base */
                network: string;
                /** @description Address to send exactly the amount to */
                pay_to: string;
                /** @description The funding provider's session id; funding events name it */
                session_id: string;
                /** @description Payment page of the funding provider */
                hosted_url: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
                paid_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        GetFundingInvoiceResponse: {
            invoice: {
                id: string;
                /**
                 * @description open until paid or past expires_at
                 * @enum {string}
                 */
                status: "open" | "paid" | "expired" | "failed";
                amount_cents: number;
                /** @description Stablecoin to pay in, e.g. USDC */
                currency: string;
                /** @description Chain to pay on, e.g. base */
                network: string;
                /** @description Address to send exactly the amount to */
                pay_to: string;
                /** @description The funding provider's session id; funding events name it */
                session_id: string;
                /** @description Payment page of the funding provider */
                hosted_url: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
                paid_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        SubmitBrandedRequestResponse: {
            branded_request: {
                /**
                 * @description incomplete until every field is given; submitted when a dedicated number can be provisioned
                 * @enum {string}
                 */
                status: "incomplete" | "submitted" | "provisioning" | "provisioned";
                missing_fields: ("legal_name" | "website" | "use_case" | "sample_messages" | "contact")[];
                legal_name: string | null;
                website: string | null;
                use_case: string | null;
                sample_messages: string[];
                contact: {
                    name: string;
                    email: string;
                    phone_number: string | null;
                } | null;
                dedicated_number: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ProvisionDedicatedNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
            /** @description Whether the provider's inbound-message webhook now points at this service */
            webhook_configured: boolean;
            /**
             * @description Present when the provider cannot configure inbound routing; configure it in the provider console
             * @constant
             */
            warning?: "provider_inbound_webhook_configuration_api_not_documented";
        };
        CreateTokenResponse: {
            token: {
                /** @constant */
                type: "Bearer";
                /** @description Bearer token beginning txt_; shown only once */
                access_token: string;
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
                id: string;
                name: string | null;
                /**
                 * @description delegated: made with POST /api/v1/tokens (create_token)
                 * @enum {string}
                 */
                origin: "account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated";
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description The token that created this one; null for tokens no token created */
                parent_token_id: string | null;
                /** @description The token's own cap on what its sends, and those of the tokens created from it, cost per UTC day; null: none */
                spend_cap_cents_daily: number | null;
                /** @description The send rate tier the token is held to; null: the workspace's */
                send_rate_tier: ("starter" | "growth" | "scale" | "enterprise") | null;
                /** @description Which of the token's sends wait for a person's approval; null: none */
                approval: ({
                    /**
                     * @description Sends to a number the workspace has not messaged before
                     * @constant
                     */
                    required_for: "new_recipients";
                } | {
                    /**
                     * @description Every send
                     * @constant
                     */
                    required_for: "all_sends";
                } | {
                    /**
                     * @description Sends that cost more than threshold_cents
                     * @constant
                     */
                    required_for: "over_cents";
                    threshold_cents: number;
                }) | null;
            };
        };
        ListTokensResponse: {
            tokens: {
                id: string;
                name: string | null;
                /**
                 * @description delegated: made with POST /api/v1/tokens (create_token)
                 * @enum {string}
                 */
                origin: "account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated";
                /** @enum {string} */
                status: "active" | "revoked" | "expired";
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
                /** @description Updated at most once a minute */
                last_used_at: string | null;
                revoked_at: string | null;
                /** @description The token that created this one; null for tokens no token created */
                parent_token_id: string | null;
                /** @description The token's own cap on what its sends, and those of the tokens created from it, cost per UTC day; null: none */
                spend_cap_cents_daily: number | null;
                /** @description What counts against spend_cap_cents_daily today (UTC), refunds deducted; null for an uncapped token */
                spent_today_cents: number | null;
                /** @description The send rate tier the token is held to; null: the workspace's */
                send_rate_tier: ("starter" | "growth" | "scale" | "enterprise") | null;
                /** @description Which of the token's sends wait for a person's approval; null: none */
                approval: ({
                    /**
                     * @description Sends to a number the workspace has not messaged before
                     * @constant
                     */
                    required_for: "new_recipients";
                } | {
                    /**
                     * @description Every send
                     * @constant
                     */
                    required_for: "all_sends";
                } | {
                    /**
                     * @description Sends that cost more than threshold_cents
                     * @constant
                     */
                    required_for: "over_cents";
                    threshold_cents: number;
                }) | null;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        RevokeTokenResponse: {
            token: {
                id: string;
                name: string | null;
                /**
                 * @description delegated: made with POST /api/v1/tokens (create_token)
                 * @enum {string}
                 */
                origin: "account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated";
                /** @enum {string} */
                status: "active" | "revoked" | "expired";
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
                /** @description Updated at most once a minute */
                last_used_at: string | null;
                revoked_at: string | null;
                /** @description The token that created this one; null for tokens no token created */
                parent_token_id: string | null;
                /** @description The token's own cap on what its sends, and those of the tokens created from it, cost per UTC day; null: none */
                spend_cap_cents_daily: number | null;
                /** @description What counts against spend_cap_cents_daily today (UTC), refunds deducted; null for an uncapped token */
                spent_today_cents: number | null;
                /** @description The send rate tier the token is held to; null: the workspace's */
                send_rate_tier: ("starter" | "growth" | "scale" | "enterprise") | null;
                /** @description Which of the token's sends wait for a person's approval; null: none */
                approval: ({
                    /**
                     * @description Sends to a number the workspace has not messaged before
                     * @constant
                     */
                    required_for: "new_recipients";
                } | {
                    /**
                     * @description Every send
                     * @constant
                     */
                    required_for: "all_sends";
                } | {
                    /**
                     * @description Sends that cost more than threshold_cents
                     * @constant
                     */
                    required_for: "over_cents";
                    threshold_cents: number;
                }) | null;
            };
            /** @description The tokens this call revoked: the token and those created from it */
            revoked_token_ids: string[];
        };
        ListNumbersResponse: {
            numbers: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            }[];
        };
        CreateNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
            /** @description Whether the provider's inbound-message webhook now points at this service */
            webhook_configured: boolean;
            /**
             * @description Present when the provider cannot configure inbound routing; configure it in the provider console
             * @constant
             */
            warning?: "provider_inbound_webhook_configuration_api_not_documented";
        };
        SearchAvailableNumbersResponse: {
            available_numbers: {
                /** @description The phone number in E.164 format; buy exactly this one with number on buy_number */
                number: string;
                /** @description Where the number is, as the provider names it (a US state or Canadian province code, e.g. CA); null when it names none */
                region: string | null;
                /** @description What the number can do */
                capabilities: {
                    sms: boolean;
                    mms: boolean;
                    voice: boolean;
                };
                /**
                 * @description local or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
            }[];
        };
        GetNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        UpdateNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        ReleaseNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        CreateTollFreeVerificationResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        CreateBrandResponse: {
            brand: {
                id: string;
                legal_name: string;
                /** @description ISO 3166-1 alpha-2 country of registration */
                country: string;
                /** @description The tax number (EIN in the US) */
                tax_id: string;
                /** @enum {string} */
                entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                /** @enum {string} */
                vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                website: string;
                support_email: string;
                support_phone: string;
                /**
                 * @description pending while the carriers check it (brand.updated reports the decision), then verified or rejected
                 * @enum {string}
                 */
                status: "pending" | "verified" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        UpdateBrandResponse: {
            brand: {
                id: string;
                legal_name: string;
                /** @description ISO 3166-1 alpha-2 country of registration */
                country: string;
                /** @description The tax number (EIN in the US) */
                tax_id: string;
                /** @enum {string} */
                entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                /** @enum {string} */
                vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                website: string;
                support_email: string;
                support_phone: string;
                /**
                 * @description pending while the carriers check it (brand.updated reports the decision), then verified or rejected
                 * @enum {string}
                 */
                status: "pending" | "verified" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ListBrandsResponse: {
            brands: {
                id: string;
                legal_name: string;
                /** @description ISO 3166-1 alpha-2 country of registration */
                country: string;
                /** @description The tax number (EIN in the US) */
                tax_id: string;
                /** @enum {string} */
                entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                /** @enum {string} */
                vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                website: string;
                support_email: string;
                support_phone: string;
                /**
                 * @description pending while the carriers check it (brand.updated reports the decision), then verified or rejected
                 * @enum {string}
                 */
                status: "pending" | "verified" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        GetBrandResponse: {
            brand: {
                id: string;
                legal_name: string;
                /** @description ISO 3166-1 alpha-2 country of registration */
                country: string;
                /** @description The tax number (EIN in the US) */
                tax_id: string;
                /** @enum {string} */
                entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                /** @enum {string} */
                vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                website: string;
                support_email: string;
                support_phone: string;
                /**
                 * @description pending while the carriers check it (brand.updated reports the decision), then verified or rejected
                 * @enum {string}
                 */
                status: "pending" | "verified" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        CreateUseCaseResponse: {
            use_case: {
                id: string;
                brand_id: string;
                /** @enum {string} */
                use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                description: string;
                sample_messages: string[];
                /** @description How recipients consent to the messages */
                message_flow: string;
                help_message: string;
                opt_out_message: string;
                has_links: boolean;
                has_phone_numbers: boolean;
                /**
                 * @description pending while the carriers review it (use_case.updated reports the decision), then approved or rejected
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                throughput: {
                    /** @description How many messages a minute the carriers take from its numbers */
                    messages_per_minute: number;
                    /** @description How many messages a day the carriers take, where they set a limit; null when none */
                    daily_cap: number | null;
                } | null;
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        UpdateUseCaseResponse: {
            use_case: {
                id: string;
                brand_id: string;
                /** @enum {string} */
                use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                description: string;
                sample_messages: string[];
                /** @description How recipients consent to the messages */
                message_flow: string;
                help_message: string;
                opt_out_message: string;
                has_links: boolean;
                has_phone_numbers: boolean;
                /**
                 * @description pending while the carriers review it (use_case.updated reports the decision), then approved or rejected
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                throughput: {
                    /** @description How many messages a minute the carriers take from its numbers */
                    messages_per_minute: number;
                    /** @description How many messages a day the carriers take, where they set a limit; null when none */
                    daily_cap: number | null;
                } | null;
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ListUseCasesResponse: {
            use_cases: {
                id: string;
                brand_id: string;
                /** @enum {string} */
                use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                description: string;
                sample_messages: string[];
                /** @description How recipients consent to the messages */
                message_flow: string;
                help_message: string;
                opt_out_message: string;
                has_links: boolean;
                has_phone_numbers: boolean;
                /**
                 * @description pending while the carriers review it (use_case.updated reports the decision), then approved or rejected
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                throughput: {
                    /** @description How many messages a minute the carriers take from its numbers */
                    messages_per_minute: number;
                    /** @description How many messages a day the carriers take, where they set a limit; null when none */
                    daily_cap: number | null;
                } | null;
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        GetUseCaseResponse: {
            use_case: {
                id: string;
                brand_id: string;
                /** @enum {string} */
                use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                description: string;
                sample_messages: string[];
                /** @description How recipients consent to the messages */
                message_flow: string;
                help_message: string;
                opt_out_message: string;
                has_links: boolean;
                has_phone_numbers: boolean;
                /**
                 * @description pending while the carriers review it (use_case.updated reports the decision), then approved or rejected
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected";
                /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                rejection_reasons: {
                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                    code: string;
                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                    field: string | null;
                    message: string;
                    /** @description What to do, naming the route and the MCP tool */
                    fix: string;
                }[];
                throughput: {
                    /** @description How many messages a minute the carriers take from its numbers */
                    messages_per_minute: number;
                    /** @description How many messages a day the carriers take, where they set a limit; null when none */
                    daily_cap: number | null;
                } | null;
                /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                sandbox: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        AssignUseCaseNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        UnassignUseCaseNumberResponse: {
            number: {
                id: string;
                /** @description The phone number in E.164 format */
                number: string;
                /** @description Your label for the number; the number itself unless you set one */
                friendly_name: string;
                /**
                 * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                 * @enum {string}
                 */
                status: "connected" | "releasing" | "released";
                /**
                 * @description approved once registration.status is approved, else pending (registration has the details)
                 * @enum {string}
                 */
                compliance_status: "pending" | "approved";
                /**
                 * @description local (a 10DLC long code) or toll_free
                 * @enum {string}
                 */
                type: "local" | "toll_free";
                /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                registration: {
                    /**
                     * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                     * @enum {string}
                     */
                    status: "unregistered" | "pending" | "approved" | "rejected";
                    /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                    use_case_id: string | null;
                    /** @description Why the registration was rejected; empty otherwise */
                    reasons: {
                        /** @description A stable name for the reason, e.g. tax_id_mismatch */
                        code: string;
                        /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                        field: string | null;
                        message: string;
                        /** @description What to do, naming the route and the MCP tool */
                        fix: string;
                    }[];
                };
                /** @description true for the number provisioned through the branded (dedicated-number) request */
                dedicated: boolean;
                /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                throughput_per_second: number;
                /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                health: {
                    /**
                     * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                     * @enum {string}
                     */
                    status: "healthy" | "failing";
                    /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                    recent_errors: number;
                    /** @description When the current run of errors began; null when recent_errors is 0 */
                    first_error_at: string | null;
                    /** @description While failing, when it becomes a sender again; null when healthy */
                    failing_until: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        CreateMessageResponse: {
            message: {
                id: string;
                /**
                 * @description queued when accepted (scheduled when accepted with send_at, until it is due; pending_approval while it waits for a person to approve it under its token's approval rule), then sending, sent, delivered or failed; canceled when a scheduled message was canceled or a pending one rejected or left to expire. A failed or canceled send is refunded.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description Present when status is pending_approval: the send waits for a person to approve it (the agent cannot) */
                approval?: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                };
                /**
                 * Format: date-time
                 * @description Only when the workspace's allowed hours (quiet_hours.mode hold) held the send: the time it is scheduled for, the next allowed minute in the recipient's local time
                 */
                held_until?: string;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
            };
        };
        SendMessageBatchResponse: {
            results: {
                /** @description The position of the item in messages, from 0 */
                index: number;
                /** @description The HTTP status the item would have had as a single send: 202 accepted, 200 idempotent replay, 402, 403, 409, 422 or 429 (over the send rate limit: wait retry_after_seconds and send the item again) */
                status: number;
                /** @description The message, on 202 and 200 */
                message?: {
                    id: string;
                    /**
                     * @description queued when accepted (scheduled when accepted with send_at, until it is due; pending_approval while it waits for a person to approve it under its token's approval rule), then sending, sent, delivered or failed; canceled when a scheduled message was canceled or a pending one rejected or left to expire. A failed or canceled send is refunded.
                     * @enum {string}
                     */
                    status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                    /** @description Present when status is pending_approval: the send waits for a person to approve it (the agent cannot) */
                    approval?: {
                        id: string;
                        /**
                         * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                         * @enum {string}
                         */
                        status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                        /**
                         * Format: date-time
                         * @description When a pending approval expires: the message is then canceled and refunded
                         */
                        expires_at: string;
                        /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                        approval_url: string;
                    };
                    /**
                     * Format: date-time
                     * @description Only when the workspace's allowed hours (quiet_hours.mode hold) held the send: the time it is scheduled for, the next allowed minute in the recipient's local time
                     */
                    held_until?: string;
                    /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                    estimated_send_at: string | null;
                };
                /** @description The item's error as the error catalogue gives it (with retry_after_seconds on 429), on any other status */
                error?: {
                    code: string;
                    message: string;
                    fix: string;
                    retry: string;
                } & {
                    [key: string]: unknown;
                };
            }[];
        };
        GetMessageResponse: {
            message: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            };
        };
        ListMessagesResponse: {
            messages: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        GetMessageTimelineResponse: {
            message_id: string;
            events: ({
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "accepted";
                /** @description Accepted: by which token, campaign or source, and the cost debited */
                detail: {
                    /** @description What sent it: api, campaign, test or another source */
                    source: string;
                    token_id: string | null;
                    token_name: string | null;
                    token_origin: string | null;
                    campaign_id: string | null;
                    campaign_stage_id: string | null;
                    sender_number: string | null;
                    segments: number;
                    cost_cents: number;
                    debited_cents: number;
                    ledger_entry_id: string | null;
                    /** @description When a scheduled send is due; null when sent at once */
                    send_at: string | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "received";
                /** @description An inbound message received */
                detail: {
                    /** @description Who sent it */
                    phone_number: string;
                    /** @description Your number that received it */
                    sender_number: string;
                    conversation_id: string | null;
                    provider_message_id: string | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "dispatch";
                /** @description The hand-over to the carrier: attempts and outcome */
                detail: {
                    /** @enum {string} */
                    outcome: "waiting" | "sending" | "accepted_by_carrier" | "refused_by_carrier" | "failed_before_carrier" | "gave_up";
                    attempts: number | null;
                    job_status: ("pending" | "running" | "done" | "dead") | null;
                    last_error: string | null;
                    next_attempt_at: string | null;
                    provider_message_id: string | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "provider_event";
                /** @description A carrier report about the message */
                detail: {
                    provider_event_id: string;
                    provider: string;
                    event_type: string;
                    external_id: string;
                    /**
                     * @description What reconciliation did with it
                     * @enum {string}
                     */
                    status: "received" | "processed" | "ignored" | "unreconciled";
                    status_reason: string | null;
                    processed_at: string | null;
                    /** @description A report of a type that arrived before: it changed nothing */
                    duplicate: boolean;
                    /**
                     * Format: date-time
                     * @description When the carrier says it happened (its own time), else when it arrived
                     */
                    occurred_at: string;
                    /** @description It changed nothing: the message already had this status or a later one (a late, repeated or out-of-order report never moves a message back, nor away from a final status) */
                    superseded: boolean;
                    /** @description The sequence of the webhook event it caused (the message's events count 1, 2, ...); null when none */
                    sequence: number | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "sent";
                /** @description The carrier sent it */
                detail: Record<string, never>;
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "delivered";
                /** @description The carrier delivered it */
                detail: Record<string, never>;
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "failed";
                /** @description It failed: why, and whether sending again can work */
                detail: {
                    error_code: string | null;
                    retry: string | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "canceled";
                /** @description A scheduled send canceled before it was due, or a held one rejected, expired or canceled */
                detail: Record<string, never>;
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "refund";
                /** @description Its cost given back */
                detail: {
                    ledger_entry_id: string;
                    amount_cents: number;
                    reason: string | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "opt_out";
                /** @description The opt-out this message caused */
                detail: {
                    suppression_id: string;
                    /** @description Phone number in E.164 format */
                    phone_number: string;
                    /** @description provider_event, inbound_keyword, manual or operator */
                    source: string;
                    reason: string | null;
                    active: boolean;
                    lifted_at: string | null;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "webhook_delivery";
                /** @description A webhook event about the message, with each attempt and its status code */
                detail: {
                    delivery_id: string;
                    endpoint_id: string;
                    event_id: string;
                    event_type: string;
                    /** @enum {string} */
                    status: "pending" | "succeeded" | "failed";
                    attempt_count: number;
                    next_retry_at: string | null;
                    attempts: {
                        number: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC timestamp
                         */
                        at: string;
                        trigger: string;
                        response_code: number | null;
                        latency_ms: number | null;
                        error: string | null;
                    }[];
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "approval_requested";
                /** @description Held for a person's approval by the approval rule of the sending token */
                detail: {
                    approval_id: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    expires_at: string;
                    token_id: string;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "approval_resolved";
                /** @description Approved (then dispatched), rejected, expired or canceled (then canceled and refunded), and by whom */
                detail: {
                    approval_id: string;
                    /** @enum {string} */
                    status: "approved" | "rejected" | "expired" | "canceled";
                    resolved_by: {
                        /** @enum {string} */
                        kind: "console" | "token" | "expiry";
                        /** @description The token that approved or rejected it; null for the console and the expiry */
                        token_id: string | null;
                        /** @description The token's name, or Console; null for the expiry */
                        name: string | null;
                    };
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "sender_skipped";
                /** @description Failover: its sender could no longer send, so it moved to a healthy number of its sender pool */
                detail: {
                    /** @description The sender it was to go from */
                    number: string;
                    /** @enum {string} */
                    reason: "released" | "suspended" | "unregistered" | "failing";
                    /** @description The number of the same sender pool it goes from instead */
                    moved_to: string;
                };
            } | {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                at: string;
                /** @constant */
                type: "link_clicked";
                /** @description The first click on one of its tracked links (shorten_links), with how many that link has had since */
                detail: {
                    /** @description The URL the tracked link redirects to */
                    url: string;
                    /** @description Clicks on this link so far, this first one included */
                    clicks: number;
                };
            })[];
        };
        CancelMessageResponse: {
            message: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            };
        };
        PreviewMessageResponse: {
            preview: {
                /**
                 * @description mms with media_urls (one message at the MMS price, no segments), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The body the send would store: the template rendered, each link shortened (shorten_links; the send gives each link a code of its own) and smart encoding applied (smart_encoding) */
                body: string;
                /**
                 * @description gsm7 when every character is in the GSM-7 alphabet (160 per segment, 153 when split), else ucs2 (70, 67)
                 * @enum {string}
                 */
                encoding: "gsm7" | "ucs2";
                /** @description SMS segments the body takes */
                segments: number;
                /** @description Length of the body in Unicode code points (an emoji is one) */
                characters: number;
                /** @description segments x the price per segment: what the send would debit */
                cost_cents: number;
                /** @description Every character outside the GSM-7 alphabet, each of which alone makes the whole body ucs2: replace them (a curly quote with a straight one, say) to send as gsm7, usually in fewer segments. Empty for a gsm7 body. */
                ucs2_characters: {
                    /** @description The character, whole (an emoji is never split into its UTF-16 halves) */
                    character: string;
                    /** @description Its position in the body, counted in Unicode code points from 0 (in JavaScript: Array.from(body)[index]) */
                    index: number;
                }[];
                /** @description What smart_encoding does to this body: the replacements and the segments and cost with and without them. Send with smart_encoding: true when with costs less than without. */
                smart_encoding: {
                    /** @description Whether the request asked for smart_encoding: the body above is then the body replaced */
                    applied: boolean;
                    /** @description Every character smart encoding replaces (or would, were it asked for), in the order of the body */
                    replacements: {
                        /** @description The typographic character */
                        character: string;
                        /** @description What replaces it (empty for a character removed, such as a zero-width space) */
                        replacement: string;
                        /** @description Its position in the request body, in Unicode code points from 0 */
                        index: number;
                    }[];
                    /** @description The body with smart encoding */
                    with: {
                        /** @enum {string} */
                        encoding: "gsm7" | "ucs2";
                        segments: number;
                        cost_cents: number;
                    };
                    /** @description The body as written */
                    without: {
                        /** @enum {string} */
                        encoding: "gsm7" | "ucs2";
                        segments: number;
                        cost_cents: number;
                    };
                };
                /** @description The number the send would go from (from when given, else the one selected); null when there is none */
                sender_number: string | null;
                /**
                 * Format: date-time
                 * @description When the send would be handed to the carrier: now, send_at, or its sender's next free slot when paced
                 */
                estimated_send_at: string;
                /** @description The prepaid balance now */
                balance_cents: number;
                /** @description What the workspace's daily spend cap, and a capped token's own caps (create_token), leave for the rest of this UTC day */
                spend_remaining_today_cents: number;
                /**
                 * @description accept when the send would be accepted now; pending_approval when it would be accepted but held by its token's approval rule until a person approves it; replay when its idempotency_key already sent this same message (the send would answer that message and cost nothing); otherwise the code of the first blocker: the error the send would get now (destination_not_allowed, landline_destination, idempotency_conflict, workspace_suppressed, branded_number_missing, sender_number_not_found, sender_pool_not_found, sender_pool_empty, sender_not_registered, suspected_sms_pumping, outside_allowed_hours, insufficient_balance, spend_limit_exceeded), detailed in error, or outside_allowed_hours for a send allowed hours would hold
                 * @enum {string}
                 */
                verdict: "accept" | "pending_approval" | "replay" | "consent_missing" | "destination_not_allowed" | "landline_destination" | "idempotency_conflict" | "workspace_suppressed" | "branded_number_missing" | "sender_number_not_found" | "sender_pool_not_found" | "sender_pool_empty" | "sender_not_registered" | "suspected_sms_pumping" | "outside_allowed_hours" | "insufficient_balance" | "spend_limit_exceeded";
                /** @description Every reason the send would be refused or held, not only the first, in the order the send checks them (destination, line type, suppression, sender, registration, pumping guard, allowed hours, balance, spend caps); empty exactly when verdict is accept, pending_approval or replay. A held send (allowed hours in hold mode) is listed with the time it would go out. */
                blockers: {
                    /** @description The error catalogue code the send would get, or outside_allowed_hours for a send allowed hours hold */
                    code: string;
                    message: string;
                    /** @description What resolves it, naming the route and the MCP tool */
                    fix: string;
                }[];
                /** @description The error the send would get now, with its fix and retry hint as the error catalogue gives them; null on accept, pending_approval or replay */
                error: ({
                    code: string;
                    message: string;
                    fix: string;
                    retry: string;
                } & {
                    [key: string]: unknown;
                }) | null;
            };
        };
        ListApprovalsResponse: {
            approvals: {
                id: string;
                /**
                 * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                /**
                 * Format: date-time
                 * @description When a pending approval expires: the message is then canceled and refunded
                 */
                expires_at: string;
                /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                approval_url: string;
                message: {
                    id: string;
                    /**
                     * @description pending_approval while it waits; queued or scheduled once approved; canceled
                     * @enum {string}
                     */
                    status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                    /** @description The recipient */
                    phone_number: string;
                    body: string;
                    segments: number;
                    /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                    cost_cents: number;
                };
                requested_by: {
                    /** @description The token that made the send */
                    token_id: string;
                    /** @description The token's name */
                    name: string | null;
                    /** @description The rule that held the send */
                    approval: ({
                        /**
                         * @description Sends to a number the workspace has not messaged before
                         * @constant
                         */
                        required_for: "new_recipients";
                    } | {
                        /**
                         * @description Every send
                         * @constant
                         */
                        required_for: "all_sends";
                    } | {
                        /**
                         * @description Sends that cost more than threshold_cents
                         * @constant
                         */
                        required_for: "over_cents";
                        threshold_cents: number;
                    }) | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When it was approved, rejected, expired or canceled; null while pending */
                resolved_at: string | null;
                /** @description Who resolved it; null while pending */
                resolved_by: {
                    /** @enum {string} */
                    kind: "console" | "token" | "expiry";
                    /** @description The token that approved or rejected it; null for the console and the expiry */
                    token_id: string | null;
                    /** @description The token's name, or Console; null for the expiry */
                    name: string | null;
                } | null;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        ApproveApprovalResponse: {
            /** @description A send held for approval */
            approval: {
                id: string;
                /**
                 * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                /**
                 * Format: date-time
                 * @description When a pending approval expires: the message is then canceled and refunded
                 */
                expires_at: string;
                /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                approval_url: string;
                message: {
                    id: string;
                    /**
                     * @description pending_approval while it waits; queued or scheduled once approved; canceled
                     * @enum {string}
                     */
                    status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                    /** @description The recipient */
                    phone_number: string;
                    body: string;
                    segments: number;
                    /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                    cost_cents: number;
                };
                requested_by: {
                    /** @description The token that made the send */
                    token_id: string;
                    /** @description The token's name */
                    name: string | null;
                    /** @description The rule that held the send */
                    approval: ({
                        /**
                         * @description Sends to a number the workspace has not messaged before
                         * @constant
                         */
                        required_for: "new_recipients";
                    } | {
                        /**
                         * @description Every send
                         * @constant
                         */
                        required_for: "all_sends";
                    } | {
                        /**
                         * @description Sends that cost more than threshold_cents
                         * @constant
                         */
                        required_for: "over_cents";
                        threshold_cents: number;
                    }) | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When it was approved, rejected, expired or canceled; null while pending */
                resolved_at: string | null;
                /** @description Who resolved it; null while pending */
                resolved_by: {
                    /** @enum {string} */
                    kind: "console" | "token" | "expiry";
                    /** @description The token that approved or rejected it; null for the console and the expiry */
                    token_id: string | null;
                    /** @description The token's name, or Console; null for the expiry */
                    name: string | null;
                } | null;
            };
        };
        RejectApprovalResponse: {
            /** @description A send held for approval */
            approval: {
                id: string;
                /**
                 * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                 * @enum {string}
                 */
                status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                /**
                 * Format: date-time
                 * @description When a pending approval expires: the message is then canceled and refunded
                 */
                expires_at: string;
                /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                approval_url: string;
                message: {
                    id: string;
                    /**
                     * @description pending_approval while it waits; queued or scheduled once approved; canceled
                     * @enum {string}
                     */
                    status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                    /** @description The recipient */
                    phone_number: string;
                    body: string;
                    segments: number;
                    /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                    cost_cents: number;
                };
                requested_by: {
                    /** @description The token that made the send */
                    token_id: string;
                    /** @description The token's name */
                    name: string | null;
                    /** @description The rule that held the send */
                    approval: ({
                        /**
                         * @description Sends to a number the workspace has not messaged before
                         * @constant
                         */
                        required_for: "new_recipients";
                    } | {
                        /**
                         * @description Every send
                         * @constant
                         */
                        required_for: "all_sends";
                    } | {
                        /**
                         * @description Sends that cost more than threshold_cents
                         * @constant
                         */
                        required_for: "over_cents";
                        threshold_cents: number;
                    }) | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When it was approved, rejected, expired or canceled; null while pending */
                resolved_at: string | null;
                /** @description Who resolved it; null while pending */
                resolved_by: {
                    /** @enum {string} */
                    kind: "console" | "token" | "expiry";
                    /** @description The token that approved or rejected it; null for the console and the expiry */
                    token_id: string | null;
                    /** @description The token's name, or Console; null for the expiry */
                    name: string | null;
                } | null;
            };
        };
        FollowLinkResponse: {
            /** @description The original URL, also in the Location header */
            url: string;
        };
        ListSenderPoolsResponse: {
            sender_pools: {
                id: string;
                name: string;
                /** @description The numbers of the pool (pn_...), oldest number first */
                number_ids: string[];
                /** @description A recipient keeps the number of the pool it got before, while that number can send */
                sticky_sender: boolean;
                /** @description Without a sticky sender, prefer a number of the recipient's area code, then of its state or province */
                area_code_match: boolean;
                /** @description Sends that name neither from nor sender_pool_id use this pool; a workspace has at most one default pool */
                is_default: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateSenderPoolResponse: {
            sender_pool: {
                id: string;
                name: string;
                /** @description The numbers of the pool (pn_...), oldest number first */
                number_ids: string[];
                /** @description A recipient keeps the number of the pool it got before, while that number can send */
                sticky_sender: boolean;
                /** @description Without a sticky sender, prefer a number of the recipient's area code, then of its state or province */
                area_code_match: boolean;
                /** @description Sends that name neither from nor sender_pool_id use this pool; a workspace has at most one default pool */
                is_default: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        GetSenderPoolResponse: {
            sender_pool: {
                id: string;
                name: string;
                /** @description The numbers of the pool (pn_...), oldest number first */
                number_ids: string[];
                /** @description A recipient keeps the number of the pool it got before, while that number can send */
                sticky_sender: boolean;
                /** @description Without a sticky sender, prefer a number of the recipient's area code, then of its state or province */
                area_code_match: boolean;
                /** @description Sends that name neither from nor sender_pool_id use this pool; a workspace has at most one default pool */
                is_default: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        UpdateSenderPoolResponse: {
            sender_pool: {
                id: string;
                name: string;
                /** @description The numbers of the pool (pn_...), oldest number first */
                number_ids: string[];
                /** @description A recipient keeps the number of the pool it got before, while that number can send */
                sticky_sender: boolean;
                /** @description Without a sticky sender, prefer a number of the recipient's area code, then of its state or province */
                area_code_match: boolean;
                /** @description Sends that name neither from nor sender_pool_id use this pool; a workspace has at most one default pool */
                is_default: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        DeleteSenderPoolResponse: {
            id: string;
            /** @constant */
            deleted: true;
        };
        GetQueueResponse: {
            queue: {
                /** @description Messages accepted and not yet handed to the carrier (status queued) */
                queued: number;
                /** @description When the oldest of them was accepted; null when none is queued */
                oldest_queued_at: string | null;
                /** @description When the last of them is expected to reach the carrier, at each sender pace; null when none is queued */
                estimated_drain_at: string | null;
                /** @description One entry per number with queued messages, the longest queue first */
                by_sender: {
                    /** @description Phone number in E.164 format */
                    sender_number: string;
                    queued: number;
                    /** @description Segments a second the carrier takes from this number */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When its last queued message is expected to reach the carrier
                     */
                    estimated_drain_at: string;
                }[];
            };
        };
        ListMcpOAuthClientsResponse: {
            oauth_clients: {
                /** @description The OAuth client id issued at dynamic registration */
                client_id: string;
                /** @description The name the client registered with; shown on the consent page */
                client_name: string;
                /** @description Where the client receives authorization codes */
                redirect_uris: string[];
                /** @description Scopes the user approved for this client */
                scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                /**
                 * Format: date-time
                 * @description When the user first approved the client
                 */
                authorized_at: string;
                /** @description Last MCP request made with one of its tokens; null if never used */
                last_used_at: string | null;
            }[];
        };
        RevokeMcpOAuthClientResponse: {
            client_id: string;
            /** @constant */
            revoked: true;
            /** @description Access and refresh tokens that were still live and are now revoked */
            revoked_tokens: number;
        };
        ListWebhookEndpointsResponse: {
            endpoints: {
                id: string;
                url: string;
                description: string;
                /** @description Subscribed event types; empty means all */
                event_types: ("message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated")[];
                enabled: boolean;
                /** @description Why the service disabled the endpoint: every attempt failed for 5 days, or the delegated or OAuth token that created it was revoked; cleared when it is enabled again */
                disabled_reason: string | null;
                /** @description At most this many requests a second to the endpoint, across every worker; null: no limit */
                max_per_second: number | null;
                /**
                 * @description per_message: each message's events are sent in their sequence order, an earlier one still failing holds the later ones of that message (other messages' events keep flowing); none: each event as soon as it can be sent
                 * @enum {string}
                 */
                ordering: "none" | "per_message";
                created_by: {
                    /**
                     * @description console: the signed-in console; token: a txt_ token; oauth_client: an OAuth client's access token
                     * @enum {string}
                     */
                    kind: "console" | "token" | "oauth_client";
                    /** @description The token's name (null when it has none), the OAuth client's name, or Console */
                    name: string | null;
                    /** @description The token that created it; null for the console */
                    token_id: string | null;
                    /** @description The token's origin; null for the console */
                    token_origin: ("account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated") | null;
                    /** @description The OAuth client, for kind oauth_client */
                    oauth_client_id: string | null;
                    /** @description Whether revoking that token disables the endpoint: true for delegated and OAuth tokens, false for the console and the account's own root-level tokens */
                    disabled_when_revoked: boolean;
                } | null;
                health: {
                    /** @description Attempts made in the last 24 hours (automatic, replays and tests) */
                    attempts_24h: number;
                    /** @description Share of those attempts answered with a 2xx, 0 to 1; null when there was none */
                    success_rate_24h: number | null;
                    /** @description Median attempt latency over the last 24 hours */
                    latency_p50_ms_24h: number | null;
                    /** @description 99th percentile attempt latency over the last 24 hours */
                    latency_p99_ms_24h: number | null;
                    /** @description Failed attempts since the last success */
                    consecutive_failures: number;
                    /** @description Start of the current run of failures; an endpoint failing every attempt for 5 days is disabled */
                    failing_since: string | null;
                    /** @description When an attempt last got a 2xx */
                    last_success_at: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateWebhookEndpointResponse: {
            endpoint: {
                id: string;
                url: string;
                description: string;
                /** @description Subscribed event types; empty means all */
                event_types: ("message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated")[];
                enabled: boolean;
                /** @description Why the service disabled the endpoint: every attempt failed for 5 days, or the delegated or OAuth token that created it was revoked; cleared when it is enabled again */
                disabled_reason: string | null;
                /** @description At most this many requests a second to the endpoint, across every worker; null: no limit */
                max_per_second: number | null;
                /**
                 * @description per_message: each message's events are sent in their sequence order, an earlier one still failing holds the later ones of that message (other messages' events keep flowing); none: each event as soon as it can be sent
                 * @enum {string}
                 */
                ordering: "none" | "per_message";
                created_by: {
                    /**
                     * @description console: the signed-in console; token: a txt_ token; oauth_client: an OAuth client's access token
                     * @enum {string}
                     */
                    kind: "console" | "token" | "oauth_client";
                    /** @description The token's name (null when it has none), the OAuth client's name, or Console */
                    name: string | null;
                    /** @description The token that created it; null for the console */
                    token_id: string | null;
                    /** @description The token's origin; null for the console */
                    token_origin: ("account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated") | null;
                    /** @description The OAuth client, for kind oauth_client */
                    oauth_client_id: string | null;
                    /** @description Whether revoking that token disables the endpoint: true for delegated and OAuth tokens, false for the console and the account's own root-level tokens */
                    disabled_when_revoked: boolean;
                } | null;
                health: {
                    /** @description Attempts made in the last 24 hours (automatic, replays and tests) */
                    attempts_24h: number;
                    /** @description Share of those attempts answered with a 2xx, 0 to 1; null when there was none */
                    success_rate_24h: number | null;
                    /** @description Median attempt latency over the last 24 hours */
                    latency_p50_ms_24h: number | null;
                    /** @description 99th percentile attempt latency over the last 24 hours */
                    latency_p99_ms_24h: number | null;
                    /** @description Failed attempts since the last success */
                    consecutive_failures: number;
                    /** @description Start of the current run of failures; an endpoint failing every attempt for 5 days is disabled */
                    failing_since: string | null;
                    /** @description When an attempt last got a 2xx */
                    last_success_at: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        GetWebhookEndpointResponse: {
            endpoint: {
                id: string;
                url: string;
                description: string;
                /** @description Subscribed event types; empty means all */
                event_types: ("message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated")[];
                enabled: boolean;
                /** @description Why the service disabled the endpoint: every attempt failed for 5 days, or the delegated or OAuth token that created it was revoked; cleared when it is enabled again */
                disabled_reason: string | null;
                /** @description At most this many requests a second to the endpoint, across every worker; null: no limit */
                max_per_second: number | null;
                /**
                 * @description per_message: each message's events are sent in their sequence order, an earlier one still failing holds the later ones of that message (other messages' events keep flowing); none: each event as soon as it can be sent
                 * @enum {string}
                 */
                ordering: "none" | "per_message";
                created_by: {
                    /**
                     * @description console: the signed-in console; token: a txt_ token; oauth_client: an OAuth client's access token
                     * @enum {string}
                     */
                    kind: "console" | "token" | "oauth_client";
                    /** @description The token's name (null when it has none), the OAuth client's name, or Console */
                    name: string | null;
                    /** @description The token that created it; null for the console */
                    token_id: string | null;
                    /** @description The token's origin; null for the console */
                    token_origin: ("account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated") | null;
                    /** @description The OAuth client, for kind oauth_client */
                    oauth_client_id: string | null;
                    /** @description Whether revoking that token disables the endpoint: true for delegated and OAuth tokens, false for the console and the account's own root-level tokens */
                    disabled_when_revoked: boolean;
                } | null;
                health: {
                    /** @description Attempts made in the last 24 hours (automatic, replays and tests) */
                    attempts_24h: number;
                    /** @description Share of those attempts answered with a 2xx, 0 to 1; null when there was none */
                    success_rate_24h: number | null;
                    /** @description Median attempt latency over the last 24 hours */
                    latency_p50_ms_24h: number | null;
                    /** @description 99th percentile attempt latency over the last 24 hours */
                    latency_p99_ms_24h: number | null;
                    /** @description Failed attempts since the last success */
                    consecutive_failures: number;
                    /** @description Start of the current run of failures; an endpoint failing every attempt for 5 days is disabled */
                    failing_since: string | null;
                    /** @description When an attempt last got a 2xx */
                    last_success_at: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        UpdateWebhookEndpointResponse: {
            endpoint: {
                id: string;
                url: string;
                description: string;
                /** @description Subscribed event types; empty means all */
                event_types: ("message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated")[];
                enabled: boolean;
                /** @description Why the service disabled the endpoint: every attempt failed for 5 days, or the delegated or OAuth token that created it was revoked; cleared when it is enabled again */
                disabled_reason: string | null;
                /** @description At most this many requests a second to the endpoint, across every worker; null: no limit */
                max_per_second: number | null;
                /**
                 * @description per_message: each message's events are sent in their sequence order, an earlier one still failing holds the later ones of that message (other messages' events keep flowing); none: each event as soon as it can be sent
                 * @enum {string}
                 */
                ordering: "none" | "per_message";
                created_by: {
                    /**
                     * @description console: the signed-in console; token: a txt_ token; oauth_client: an OAuth client's access token
                     * @enum {string}
                     */
                    kind: "console" | "token" | "oauth_client";
                    /** @description The token's name (null when it has none), the OAuth client's name, or Console */
                    name: string | null;
                    /** @description The token that created it; null for the console */
                    token_id: string | null;
                    /** @description The token's origin; null for the console */
                    token_origin: ("account_creation" | "api_key" | "oauth" | "legacy_migration" | "delegated") | null;
                    /** @description The OAuth client, for kind oauth_client */
                    oauth_client_id: string | null;
                    /** @description Whether revoking that token disables the endpoint: true for delegated and OAuth tokens, false for the console and the account's own root-level tokens */
                    disabled_when_revoked: boolean;
                } | null;
                health: {
                    /** @description Attempts made in the last 24 hours (automatic, replays and tests) */
                    attempts_24h: number;
                    /** @description Share of those attempts answered with a 2xx, 0 to 1; null when there was none */
                    success_rate_24h: number | null;
                    /** @description Median attempt latency over the last 24 hours */
                    latency_p50_ms_24h: number | null;
                    /** @description 99th percentile attempt latency over the last 24 hours */
                    latency_p99_ms_24h: number | null;
                    /** @description Failed attempts since the last success */
                    consecutive_failures: number;
                    /** @description Start of the current run of failures; an endpoint failing every attempt for 5 days is disabled */
                    failing_since: string | null;
                    /** @description When an attempt last got a 2xx */
                    last_success_at: string | null;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        DeleteWebhookEndpointResponse: {
            id: string;
            /** @constant */
            deleted: true;
        };
        GetWebhookEndpointSecretResponse: {
            /** @description whsec_ followed by the base64 key */
            secret: string;
        };
        RotateWebhookEndpointSecretResponse: {
            secret: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            previous_secret_expires_at: string;
        };
        SendTestWebhookResponse: {
            delivery: {
                id: string;
                event_id: string;
                /** @enum {string} */
                event_type: "message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated";
                endpoint_id: string;
                endpoint_url: string;
                /** @description The message the event reports (msg_ or inb_ id); null for other events */
                message_id: string | null;
                /**
                 * @description pending until the first attempt, then the outcome of the latest one: succeeded, or failed (next_retry says whether a retry is scheduled)
                 * @enum {string}
                 */
                status: "pending" | "succeeded" | "failed";
                /** @description HTTP status of the latest attempt; null when no response came back */
                response_code: number | null;
                latency_ms: number | null;
                /** @description When the next automatic attempt runs; null when none is scheduled */
                next_retry: string | null;
                attempts: number;
                last_attempt_at: string | null;
                /** @description Whether a replay (or recovery) of it waits to be attempted; replaying it meanwhile queues nothing more */
                replay_queued: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        RecoverWebhookEndpointResponse: {
            /** @description Failed deliveries the recovery queued for a new attempt */
            queued: number;
            /** @description Replays of the endpoint queued since the recovery started that wait to be attempted */
            remaining: number;
            /**
             * Format: date-time
             * @description The recovery replays failed deliveries created at or after this time
             */
            since: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            started_at: string;
            /** @description true when a recovery of this endpoint was running: this answer is that recovery, and nothing more was queued */
            already_running: boolean;
        };
        GetWebhookEndpointStatsResponse: {
            endpoint_id: string;
            /** @description 24 hours, oldest first; the last one is the current hour so far */
            hours: {
                /**
                 * Format: date-time
                 * @description Start of the UTC hour
                 */
                start: string;
                /** @description Attempts made in this hour (automatic, replays and tests) */
                attempts: number;
                /** @description Of those, the ones answered with a 2xx */
                succeeded: number;
            }[];
        };
        ListWebhookDeliveriesResponse: {
            deliveries: {
                id: string;
                event_id: string;
                /** @enum {string} */
                event_type: "message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated";
                endpoint_id: string;
                endpoint_url: string;
                /** @description The message the event reports (msg_ or inb_ id); null for other events */
                message_id: string | null;
                /**
                 * @description pending until the first attempt, then the outcome of the latest one: succeeded, or failed (next_retry says whether a retry is scheduled)
                 * @enum {string}
                 */
                status: "pending" | "succeeded" | "failed";
                /** @description HTTP status of the latest attempt; null when no response came back */
                response_code: number | null;
                latency_ms: number | null;
                /** @description When the next automatic attempt runs; null when none is scheduled */
                next_retry: string | null;
                attempts: number;
                last_attempt_at: string | null;
                /** @description Whether a replay (or recovery) of it waits to be attempted; replaying it meanwhile queues nothing more */
                replay_queued: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        GetWebhookDeliveryResponse: {
            delivery: {
                id: string;
                event_id: string;
                /** @enum {string} */
                event_type: "message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated";
                endpoint_id: string;
                endpoint_url: string;
                /** @description The message the event reports (msg_ or inb_ id); null for other events */
                message_id: string | null;
                /**
                 * @description pending until the first attempt, then the outcome of the latest one: succeeded, or failed (next_retry says whether a retry is scheduled)
                 * @enum {string}
                 */
                status: "pending" | "succeeded" | "failed";
                /** @description HTTP status of the latest attempt; null when no response came back */
                response_code: number | null;
                latency_ms: number | null;
                /** @description When the next automatic attempt runs; null when none is scheduled */
                next_retry: string | null;
                attempts: number;
                last_attempt_at: string | null;
                /** @description Whether a replay (or recovery) of it waits to be attempted; replaying it meanwhile queues nothing more */
                replay_queued: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description The request body every attempt and replay sends */
                payload: {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.sent";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Message id (msg_...) */
                            id: string;
                            /**
                             * @description The message status the event reports: sent, delivered or failed
                             * @enum {string}
                             */
                            status: "sent" | "delivered" | "failed";
                            /** @description Recipient, E.164 */
                            phone_number: string;
                            segments: number;
                            /** @description Debited at acceptance; refunded when the message failed */
                            cost_cents: number;
                            /** @description Why it failed (message.failed only) */
                            error_code?: string;
                            /** @description Whether and when sending again can work (message.failed only) */
                            retry?: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.delivered";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Message id (msg_...) */
                            id: string;
                            /**
                             * @description The message status the event reports: sent, delivered or failed
                             * @enum {string}
                             */
                            status: "sent" | "delivered" | "failed";
                            /** @description Recipient, E.164 */
                            phone_number: string;
                            segments: number;
                            /** @description Debited at acceptance; refunded when the message failed */
                            cost_cents: number;
                            /** @description Why it failed (message.failed only) */
                            error_code?: string;
                            /** @description Whether and when sending again can work (message.failed only) */
                            retry?: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.failed";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Message id (msg_...) */
                            id: string;
                            /**
                             * @description The message status the event reports: sent, delivered or failed
                             * @enum {string}
                             */
                            status: "sent" | "delivered" | "failed";
                            /** @description Recipient, E.164 */
                            phone_number: string;
                            segments: number;
                            /** @description Debited at acceptance; refunded when the message failed */
                            cost_cents: number;
                            /** @description Why it failed (message.failed only) */
                            error_code?: string;
                            /** @description Whether and when sending again can work (message.failed only) */
                            retry?: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.received";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Inbound message id (inb_...) */
                            id: string;
                            /** @description Sender, E.164 */
                            from: string;
                            /** @description Your number that received it, E.164 */
                            to: string;
                            /** @description The text; empty for an MMS of media alone */
                            body: string;
                            /** @description The media of an MMS, each URL as the carrier gave it (empty for an SMS); absent from events recorded before inbound media was kept */
                            media_urls?: string[];
                            conversation_id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            received_at: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.approval_requested";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        /** @description The approval: on message.approval_requested pending, with where a person approves it (approval_url); on message.approval_resolved approved, rejected, expired or canceled (the send canceled), with resolved_by */
                        approval: {
                            id: string;
                            /**
                             * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                            /**
                             * Format: date-time
                             * @description When a pending approval expires: the message is then canceled and refunded
                             */
                            expires_at: string;
                            /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                            approval_url: string;
                            message: {
                                id: string;
                                /**
                                 * @description pending_approval while it waits; queued or scheduled once approved; canceled
                                 * @enum {string}
                                 */
                                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                                /** @description The recipient */
                                phone_number: string;
                                body: string;
                                segments: number;
                                /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                                cost_cents: number;
                            };
                            requested_by: {
                                /** @description The token that made the send */
                                token_id: string;
                                /** @description The token's name */
                                name: string | null;
                                /** @description The rule that held the send */
                                approval: ({
                                    /**
                                     * @description Sends to a number the workspace has not messaged before
                                     * @constant
                                     */
                                    required_for: "new_recipients";
                                } | {
                                    /**
                                     * @description Every send
                                     * @constant
                                     */
                                    required_for: "all_sends";
                                } | {
                                    /**
                                     * @description Sends that cost more than threshold_cents
                                     * @constant
                                     */
                                    required_for: "over_cents";
                                    threshold_cents: number;
                                }) | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /** @description When it was approved, rejected, expired or canceled; null while pending */
                            resolved_at: string | null;
                            /** @description Who resolved it; null while pending */
                            resolved_by: {
                                /** @enum {string} */
                                kind: "console" | "token" | "expiry";
                                /** @description The token that approved or rejected it; null for the console and the expiry */
                                token_id: string | null;
                                /** @description The token's name, or Console; null for the expiry */
                                name: string | null;
                            } | null;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.approval_resolved";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        /** @description The approval: on message.approval_requested pending, with where a person approves it (approval_url); on message.approval_resolved approved, rejected, expired or canceled (the send canceled), with resolved_by */
                        approval: {
                            id: string;
                            /**
                             * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                            /**
                             * Format: date-time
                             * @description When a pending approval expires: the message is then canceled and refunded
                             */
                            expires_at: string;
                            /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                            approval_url: string;
                            message: {
                                id: string;
                                /**
                                 * @description pending_approval while it waits; queued or scheduled once approved; canceled
                                 * @enum {string}
                                 */
                                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                                /** @description The recipient */
                                phone_number: string;
                                body: string;
                                segments: number;
                                /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                                cost_cents: number;
                            };
                            requested_by: {
                                /** @description The token that made the send */
                                token_id: string;
                                /** @description The token's name */
                                name: string | null;
                                /** @description The rule that held the send */
                                approval: ({
                                    /**
                                     * @description Sends to a number the workspace has not messaged before
                                     * @constant
                                     */
                                    required_for: "new_recipients";
                                } | {
                                    /**
                                     * @description Every send
                                     * @constant
                                     */
                                    required_for: "all_sends";
                                } | {
                                    /**
                                     * @description Sends that cost more than threshold_cents
                                     * @constant
                                     */
                                    required_for: "over_cents";
                                    threshold_cents: number;
                                }) | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /** @description When it was approved, rejected, expired or canceled; null while pending */
                            resolved_at: string | null;
                            /** @description Who resolved it; null while pending */
                            resolved_by: {
                                /** @enum {string} */
                                kind: "console" | "token" | "expiry";
                                /** @description The token that approved or rejected it; null for the console and the expiry */
                                token_id: string | null;
                                /** @description The token's name, or Console; null for the expiry */
                                name: string | null;
                            } | null;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.link_clicked";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description The message whose tracked link was clicked */
                        message_id: string;
                        /** @description The URL the link redirects to */
                        url: string;
                        /**
                         * Format: date-time
                         * @description When it was first clicked
                         */
                        clicked_at: string;
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "conversation.created";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        conversation: {
                            /** @description Conversation id (cnv_...) */
                            id: string;
                            /** @description The other party, E.164 */
                            phone_number: string;
                            /** @description Your number in the conversation, E.164 */
                            sender_number: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            last_message_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "conversation.updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        conversation: {
                            /** @description Conversation id (cnv_...) */
                            id: string;
                            /** @description The other party, E.164 */
                            phone_number: string;
                            /** @description Your number in the conversation, E.164 */
                            sender_number: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            last_message_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "opt_out.created";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        opt_out: {
                            /** @description The number that opted out, E.164; every send to it is refused */
                            phone_number: string;
                            /**
                             * @description provider_event (the carrier reported it), inbound_keyword (a STOP-family reply), manual or operator
                             * @enum {string}
                             */
                            source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                            /** @description The carrier that reported it, if one did */
                            provider: string | null;
                            reason: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "brand.updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        brand: {
                            id: string;
                            legal_name: string;
                            /** @description ISO 3166-1 alpha-2 country of registration */
                            country: string;
                            /** @description The tax number (EIN in the US) */
                            tax_id: string;
                            /** @enum {string} */
                            entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                            /** @enum {string} */
                            vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                            website: string;
                            support_email: string;
                            support_phone: string;
                            /**
                             * @description pending while the carriers check it (brand.updated reports the decision), then verified or rejected
                             * @enum {string}
                             */
                            status: "pending" | "verified" | "rejected";
                            /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                            rejection_reasons: {
                                /** @description A stable name for the reason, e.g. tax_id_mismatch */
                                code: string;
                                /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                                field: string | null;
                                message: string;
                                /** @description What to do, naming the route and the MCP tool */
                                fix: string;
                            }[];
                            /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                            sandbox: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "use_case.updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        use_case: {
                            id: string;
                            brand_id: string;
                            /** @enum {string} */
                            use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                            description: string;
                            sample_messages: string[];
                            /** @description How recipients consent to the messages */
                            message_flow: string;
                            help_message: string;
                            opt_out_message: string;
                            has_links: boolean;
                            has_phone_numbers: boolean;
                            /**
                             * @description pending while the carriers review it (use_case.updated reports the decision), then approved or rejected
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "rejected";
                            /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                            rejection_reasons: {
                                /** @description A stable name for the reason, e.g. tax_id_mismatch */
                                code: string;
                                /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                                field: string | null;
                                message: string;
                                /** @description What to do, naming the route and the MCP tool */
                                fix: string;
                            }[];
                            throughput: {
                                /** @description How many messages a minute the carriers take from its numbers */
                                messages_per_minute: number;
                                /** @description How many messages a day the carriers take, where they set a limit; null when none */
                                daily_cap: number | null;
                            } | null;
                            /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                            sandbox: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                        };
                    };
                } | {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "number.registration_updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        number: {
                            id: string;
                            /** @description The phone number in E.164 format */
                            number: string;
                            /** @description Your label for the number; the number itself unless you set one */
                            friendly_name: string;
                            /**
                             * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                             * @enum {string}
                             */
                            status: "connected" | "releasing" | "released";
                            /**
                             * @description approved once registration.status is approved, else pending (registration has the details)
                             * @enum {string}
                             */
                            compliance_status: "pending" | "approved";
                            /**
                             * @description local (a 10DLC long code) or toll_free
                             * @enum {string}
                             */
                            type: "local" | "toll_free";
                            /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                            registration: {
                                /**
                                 * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                                 * @enum {string}
                                 */
                                status: "unregistered" | "pending" | "approved" | "rejected";
                                /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                                use_case_id: string | null;
                                /** @description Why the registration was rejected; empty otherwise */
                                reasons: {
                                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                                    code: string;
                                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                                    field: string | null;
                                    message: string;
                                    /** @description What to do, naming the route and the MCP tool */
                                    fix: string;
                                }[];
                            };
                            /** @description true for the number provisioned through the branded (dedicated-number) request */
                            dedicated: boolean;
                            /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                            throughput_per_second: number;
                            /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                            health: {
                                /**
                                 * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                                 * @enum {string}
                                 */
                                status: "healthy" | "failing";
                                /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                                recent_errors: number;
                                /** @description When the current run of errors began; null when recent_errors is 0 */
                                first_error_at: string | null;
                                /** @description While failing, when it becomes a sender again; null when healthy */
                                failing_until: string | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                };
            };
            /** @description Every attempt, newest first */
            attempts: {
                id: string;
                /**
                 * Format: date-time
                 * @description When the attempt finished
                 */
                at: string;
                /** @enum {string} */
                trigger: "automatic" | "replay" | "test";
                /** @description HTTP status; null when no response came back */
                response_code: number | null;
                latency_ms: number;
                /** @description The first 4 KiB of the response body */
                response_body: string;
                /** @description Headers the request carried, webhook-id, webhook-timestamp and webhook-signature included */
                request_headers: {
                    [key: string]: string;
                };
                /** @description Why no response came back (time-out, refused address, connection error) */
                error: string | null;
            }[];
        };
        ReplayWebhookDeliveryResponse: {
            delivery: {
                id: string;
                event_id: string;
                /** @enum {string} */
                event_type: "message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated";
                endpoint_id: string;
                endpoint_url: string;
                /** @description The message the event reports (msg_ or inb_ id); null for other events */
                message_id: string | null;
                /**
                 * @description pending until the first attempt, then the outcome of the latest one: succeeded, or failed (next_retry says whether a retry is scheduled)
                 * @enum {string}
                 */
                status: "pending" | "succeeded" | "failed";
                /** @description HTTP status of the latest attempt; null when no response came back */
                response_code: number | null;
                latency_ms: number | null;
                /** @description When the next automatic attempt runs; null when none is scheduled */
                next_retry: string | null;
                attempts: number;
                last_attempt_at: string | null;
                /** @description Whether a replay (or recovery) of it waits to be attempted; replaying it meanwhile queues nothing more */
                replay_queued: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        ListCampaignsResponse: {
            campaigns: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateCampaignResponse: {
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        GetCampaignResponse: {
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        UpdateCampaignResponse: {
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ActivateCampaignResponse: {
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        PauseCampaignResponse: {
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ArchiveCampaignResponse: {
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        AddCampaignStageResponse: {
            stage: {
                id: string;
                /** @description 1-based order of the stage */
                position: number;
                /** @description Message template */
                body: string;
                /** @description Wait after the previous step (enrollment or activation for the first stage) */
                delay_minutes: number;
                /** @description Whether each step's send replaces the body's URLs with tracked short links */
                shorten_links: boolean;
                /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                step_counts: {
                    sent: number;
                    suppressed: number;
                    failed: number;
                };
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
            campaign: {
                id: string;
                name: string;
                description: string | null;
                /**
                 * @description draft -> active <-> paused; archived is final
                 * @enum {string}
                 */
                status: "draft" | "active" | "paused" | "archived";
                settings: {
                    quiet_hours: {
                        /** @description When true, no step is sent between start and end in the time zone below */
                        enabled: boolean;
                        /** @description Local time quiet hours begin, HH:MM (default 21:00) */
                        start: string;
                        /** @description Local time quiet hours end and held steps go out, HH:MM (default 08:00) */
                        end: string;
                        /** @description IANA zone for every recipient; null infers each recipient's zone from their number (the default) */
                        timezone: string | null;
                    };
                    /** @description When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment without one stops with stop_reason consent_missing when its first step is due */
                    require_consent: boolean;
                };
                stages: {
                    id: string;
                    /** @description 1-based order of the stage */
                    position: number;
                    /** @description Message template */
                    body: string;
                    /** @description Wait after the previous step (enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description Whether each step's send replaces the body's URLs with tracked short links */
                    shorten_links: boolean;
                    /** @description What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused */
                    step_counts: {
                        sent: number;
                        suppressed: number;
                        failed: number;
                    };
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                }[];
                /** @description Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap) */
                enrollment_counts: {
                    active: number;
                    completed: number;
                    stopped: number;
                };
                /** @description Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them) */
                skipped_counts: {
                    insufficient_balance: number;
                    branded_number_missing: number;
                    spend_limit_exceeded: number;
                    token_spend_limit_exceeded: number;
                    parent_token_spend_limit_exceeded: number;
                    outside_allowed_hours: number;
                    suspected_sms_pumping: number;
                };
                /** @description How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a number to send from. */
                fan_out_estimate: {
                    /** @description Active enrollments that have not had the first stage yet */
                    recipients: number;
                    /** @description The numbers their sends will come from: the default sender pool's, else every connected number */
                    senders: number;
                    /** @description The senders' throughput_per_second together: segments a second */
                    throughput_per_second: number;
                    /**
                     * Format: date-time
                     * @description When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)
                     */
                    starts_at: string;
                    /**
                     * Format: date-time
                     * @description When the last of these sends is expected to be handed to the carrier, each number at its own pace (GET /api/v1/queue shows the queue once they are accepted)
                     */
                    estimated_drain_at: string;
                } | null;
                /** @description First activation */
                activated_at: string | null;
                archived_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        EnrollInCampaignResponse: {
            campaign_id: string;
            /** @description Numbers newly enrolled */
            enrolled: number;
            /** @description Numbers enrolled before (re-enrolling changes nothing) */
            already_enrolled: number;
            /** @description Numbers not enrolled: workspace opt-out or campaign suppression */
            suppressed: number;
            /** @description Entries that are not valid phone numbers */
            invalid: number;
            /** @description The invalid entries as sent */
            invalid_phone_numbers: string[];
        };
        ListCampaignEnrollmentsResponse: {
            enrollments: {
                id: string;
                campaign_id: string;
                /** @description Phone number in E.164 format */
                phone_number: string;
                /**
                 * @description active (receiving steps), completed (every stage done) or stopped (final)
                 * @enum {string}
                 */
                status: "active" | "completed" | "stopped";
                /** @description Why a stopped enrollment stopped: an opt-out, the archiving, a step over a whole daily spend cap, the revocation of the delegated or OAuth token that enrolled the number, or no recorded consent in a campaign with require_consent (consent_missing) */
                stop_reason: ("workspace_suppressed" | "campaign_archived" | "step_over_spend_cap" | "enrolling_token_revoked" | "consent_missing") | null;
                /** @description Why its last due step was not sent (the send rule that refused it); null once a step is sent */
                skip_reason: ("insufficient_balance" | "branded_number_missing" | "spend_limit_exceeded" | "token_spend_limit_exceeded" | "parent_token_spend_limit_exceeded" | "outside_allowed_hours" | "suspected_sms_pumping") | null;
                /** @description The token that enrolled the number, whose daily spend cap (and its ancestors') the sends count against */
                enrolled_by_token_id: string | null;
                /** @description When its next step is due; null when none is */
                next_step_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        ListCampaignSuppressionsResponse: {
            suppressions: {
                id: string;
                campaign_id: string;
                /** @description Phone number in E.164 format */
                phone_number: string;
                reason: string | null;
                /** @description Campaign steps skipped for this number because of the suppression */
                skipped_deliveries: number;
                last_skipped_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateCampaignSuppressionResponse: {
            suppression: {
                id: string;
                campaign_id: string;
                /** @description Phone number in E.164 format */
                phone_number: string;
                reason: string | null;
                /** @description Campaign steps skipped for this number because of the suppression */
                skipped_deliveries: number;
                last_skipped_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
        };
        DeleteCampaignSuppressionResponse: {
            suppression: {
                id: string;
                campaign_id: string;
                /** @description Phone number in E.164 format */
                phone_number: string;
                reason: string | null;
                /** @description Campaign steps skipped for this number because of the suppression */
                skipped_deliveries: number;
                last_skipped_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
            /** @constant */
            deleted: true;
        };
        ListTemplatesResponse: {
            templates: {
                id: string;
                /** @description A label for people and agents; not unique */
                name: string;
                /** @description The text to send, with {{variable}} placeholders that a send fills in from its variables */
                body: string;
                /** @description The names of the placeholders the body holds, in order of first use */
                variables: string[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateTemplateResponse: {
            template: {
                id: string;
                /** @description A label for people and agents; not unique */
                name: string;
                /** @description The text to send, with {{variable}} placeholders that a send fills in from its variables */
                body: string;
                /** @description The names of the placeholders the body holds, in order of first use */
                variables: string[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        GetTemplateResponse: {
            template: {
                id: string;
                /** @description A label for people and agents; not unique */
                name: string;
                /** @description The text to send, with {{variable}} placeholders that a send fills in from its variables */
                body: string;
                /** @description The names of the placeholders the body holds, in order of first use */
                variables: string[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        UpdateTemplateResponse: {
            template: {
                id: string;
                /** @description A label for people and agents; not unique */
                name: string;
                /** @description The text to send, with {{variable}} placeholders that a send fills in from its variables */
                body: string;
                /** @description The names of the placeholders the body holds, in order of first use */
                variables: string[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        DeleteTemplateResponse: {
            template: {
                id: string;
                /** @description A label for people and agents; not unique */
                name: string;
                /** @description The text to send, with {{variable}} placeholders that a send fills in from its variables */
                body: string;
                /** @description The names of the placeholders the body holds, in order of first use */
                variables: string[];
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ListSnippetsResponse: {
            snippets: {
                id: string;
                /** @description Referenced from stages as {{snippet:<name>}} */
                name: string;
                body: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateSnippetResponse: {
            snippet: {
                id: string;
                /** @description Referenced from stages as {{snippet:<name>}} */
                name: string;
                body: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        UpdateSnippetResponse: {
            snippet: {
                id: string;
                /** @description Referenced from stages as {{snippet:<name>}} */
                name: string;
                body: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        ListContactListsResponse: {
            contact_lists: {
                id: string;
                name: string;
                contact_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CreateContactListResponse: {
            contact_list: {
                id: string;
                name: string;
                contact_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        AddContactListContactsResponse: {
            contact_list: {
                id: string;
                name: string;
                contact_count: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
            /** @description Contacts new to this list */
            added: number;
            /** @description Contacts already in this list, their fields updated */
            updated: number;
            /** @description Entries skipped because the phone number is not valid */
            invalid: number;
            /** @description Why each invalid entry was skipped */
            errors: {
                index: number;
                message: string;
            }[];
        };
        ListConversationsResponse: {
            conversations: {
                id: string;
                /** @description The other party, E.164 */
                phone_number: string;
                /** @description Our number the conversation is with, E.164 */
                sender_number: string;
                /**
                 * Format: date-time
                 * @description When phone_number last wrote to sender_number: the order of the list
                 */
                last_reply_at: string;
                /**
                 * Format: date-time
                 * @description When the latest message of the conversation, in either direction, was sent or received
                 */
                last_message_at: string;
                /** @description The first 160 characters of that latest message */
                last_message_preview: string;
                /** @description Messages in the conversation, both directions */
                message_count: number;
                /** @description Whether phone_number has an active workspace suppression (opt-out): sends to it are refused */
                suppressed: boolean;
                /**
                 * Format: date-time
                 * @description When phone_number first wrote to sender_number
                 */
                created_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        GetConversationResponse: {
            conversation: {
                id: string;
                /** @description The other party, E.164 */
                phone_number: string;
                /** @description Our number the conversation is with, E.164 */
                sender_number: string;
                /**
                 * Format: date-time
                 * @description When phone_number last wrote to sender_number: the order of the list
                 */
                last_reply_at: string;
                /**
                 * Format: date-time
                 * @description When the latest message of the conversation, in either direction, was sent or received
                 */
                last_message_at: string;
                /** @description The first 160 characters of that latest message */
                last_message_preview: string;
                /** @description Messages in the conversation, both directions */
                message_count: number;
                /** @description Whether phone_number has an active workspace suppression (opt-out): sends to it are refused */
                suppressed: boolean;
                /**
                 * Format: date-time
                 * @description When phone_number first wrote to sender_number
                 */
                created_at: string;
            };
            messages: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        WaitForRepliesResponse: {
            /** @description The replies after `after`, oldest first; empty when none came in time */
            replies: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            }[];
            /** @description The conversation; null while the number has never replied */
            conversation_id: string | null;
        };
        ListSuppressionsResponse: {
            suppressions: {
                id: string;
                /** @description The suppressed number in E.164 format */
                phone_number: string;
                /** @description true while sends to the number are refused; false once lifted */
                active: boolean;
                /**
                 * @description provider_event (the carrier reported an opt-out), inbound_keyword (the recipient replied STOP), manual (added by this workspace) or operator (added by the service operator)
                 * @enum {string}
                 */
                source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                /** @description Why: the keyword, the carrier event or the reason given when it was added */
                reason: string | null;
                /** @description Whether this workspace may lift it (source manual); an opt-out the recipient asked for is lifted only by their START reply */
                removable: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        CheckSuppressionResponse: {
            suppression: {
                id: string;
                /** @description The suppressed number in E.164 format */
                phone_number: string;
                /** @description true while sends to the number are refused; false once lifted */
                active: boolean;
                /**
                 * @description provider_event (the carrier reported an opt-out), inbound_keyword (the recipient replied STOP), manual (added by this workspace) or operator (added by the service operator)
                 * @enum {string}
                 */
                source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                /** @description Why: the keyword, the carrier event or the reason given when it was added */
                reason: string | null;
                /** @description Whether this workspace may lift it (source manual); an opt-out the recipient asked for is lifted only by their START reply */
                removable: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        CreateSuppressionResponse: {
            suppression: {
                id: string;
                /** @description The suppressed number in E.164 format */
                phone_number: string;
                /** @description true while sends to the number are refused; false once lifted */
                active: boolean;
                /**
                 * @description provider_event (the carrier reported an opt-out), inbound_keyword (the recipient replied STOP), manual (added by this workspace) or operator (added by the service operator)
                 * @enum {string}
                 */
                source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                /** @description Why: the keyword, the carrier event or the reason given when it was added */
                reason: string | null;
                /** @description Whether this workspace may lift it (source manual); an opt-out the recipient asked for is lifted only by their START reply */
                removable: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        DeleteSuppressionResponse: {
            suppression: {
                id: string;
                /** @description The suppressed number in E.164 format */
                phone_number: string;
                /** @description true while sends to the number are refused; false once lifted */
                active: boolean;
                /**
                 * @description provider_event (the carrier reported an opt-out), inbound_keyword (the recipient replied STOP), manual (added by this workspace) or operator (added by the service operator)
                 * @enum {string}
                 */
                source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                /** @description Why: the keyword, the carrier event or the reason given when it was added */
                reason: string | null;
                /** @description Whether this workspace may lift it (source manual); an opt-out the recipient asked for is lifted only by their START reply */
                removable: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            };
        };
        GetBalanceResponse: {
            /** @description Prepaid balance in cents: what sends, numbers and refunds left of the funding */
            balance_cents: number;
            /** @description Cost of the sends accepted today (UTC day), less the refunds of those of them that failed or were canceled */
            spend_today_cents: number;
            /** @description Daily cap on spend_today_cents; a send that would pass it is refused */
            spend_cap_cents: number;
            /** @description What can still be spent today under the cap (never negative); the balance limits sends too */
            spend_remaining_today_cents: number;
            /**
             * @description Currency of every amount: USD
             * @constant
             */
            currency: "USD";
        };
        ListLedgerEntriesResponse: {
            entries: {
                id: string;
                /**
                 * @description send_debit (a send accepted), send_refund (a send that failed or was canceled, paid back), funding_credit (a funding invoice paid), number_purchase, number_purchase_refund, operator_credit, operator_debit
                 * @enum {string}
                 */
                kind: "send_debit" | "send_refund" | "funding_credit" | "number_purchase" | "number_purchase_refund" | "operator_credit" | "operator_debit";
                /** @description Positive for a credit, negative for a debit */
                amount_cents: number;
                /** @description The balance right after this entry */
                balance_after_cents: number;
                /** @description Unique reference: posting the same reference twice changes nothing */
                reference: string;
                /** @description The message a send_debit or send_refund is for; null otherwise */
                message_id: string | null;
                /** @description The funding invoice a funding_credit paid; null otherwise */
                invoice_id: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            }[];
            /** @description Pass as cursor to get the next page; null on the last page */
            next_cursor: string | null;
        };
        GetUsageResponse: {
            periods: {
                /**
                 * Format: date
                 * @description First day of the period (YYYY-MM-DD, UTC): the day, or the first day of the month
                 */
                period_start: string;
                /** @description Messages accepted for sending in the period, whatever became of them, less those canceled before they went out */
                sent: number;
                /** @description Of the messages accepted in the period, those the carrier reported delivered */
                delivered: number;
                /** @description Of the messages accepted in the period, those that failed (each refunded) */
                failed: number;
                /** @description Messages received in the period (replies, STOP) */
                inbound: number;
                /** @description SMS segments of the messages counted in sent */
                segments: number;
                /** @description Debited for the sends accepted in the period (send_debit entries) */
                cost_cents: number;
                /** @description Paid back in the period for sends that failed or were canceled (send_refund entries), whenever accepted */
                refunds_cents: number;
            }[];
        };
        GetWorkspaceSettingsResponse: {
            settings: {
                /** @description How many days messages, inbound messages, events and webhook deliveries are kept (1-3650); null keeps them for ever. Once older, a message that reached a final status (sent, delivered, failed, canceled) and an inbound message are redacted: body and phone_number read "[redacted]", metadata null, their carrier reports deleted; the row, its counts in usage and its ledger entries stay. Events and webhook deliveries with their attempts are deleted, except a delivery that is still retrying. Redaction cannot be undone. */
                retention_days: number | null;
            };
        };
        UpdateWorkspaceSettingsResponse: {
            settings: {
                /** @description How many days messages, inbound messages, events and webhook deliveries are kept (1-3650); null keeps them for ever. Once older, a message that reached a final status (sent, delivered, failed, canceled) and an inbound message are redacted: body and phone_number read "[redacted]", metadata null, their carrier reports deleted; the row, its counts in usage and its ledger entries stay. Events and webhook deliveries with their attempts are deleted, except a delivery that is still retrying. Redaction cannot be undone. */
                retention_days: number | null;
            };
        };
        PaySandboxInvoiceResponse: {
            invoice: {
                id: string;
                /**
                 * @description open until paid or past expires_at
                 * @enum {string}
                 */
                status: "open" | "paid" | "expired" | "failed";
                amount_cents: number;
                /** @description Stablecoin to pay in, e.g. USDC */
                currency: string;
                /** @description Chain to pay on, e.g. base */
                network: string;
                /** @description Address to send exactly the amount to */
                pay_to: string;
                /** @description The funding provider's session id; funding events name it */
                session_id: string;
                /** @description Payment page of the funding provider */
                hosted_url: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                expires_at: string;
                paid_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
            };
            /** @description The prepaid balance after the payment */
            balance_cents: number;
        };
        ReceiveSandboxMessageResponse: {
            /** @description The inbound message (direction inbound) as get_message shows it */
            message: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            };
            /** @description Its conversation, with whether `from` is now suppressed */
            conversation: {
                id: string;
                /** @description The other party, E.164 */
                phone_number: string;
                /** @description Our number the conversation is with, E.164 */
                sender_number: string;
                /**
                 * Format: date-time
                 * @description When phone_number last wrote to sender_number: the order of the list
                 */
                last_reply_at: string;
                /**
                 * Format: date-time
                 * @description When the latest message of the conversation, in either direction, was sent or received
                 */
                last_message_at: string;
                /** @description The first 160 characters of that latest message */
                last_message_preview: string;
                /** @description Messages in the conversation, both directions */
                message_count: number;
                /** @description Whether phone_number has an active workspace suppression (opt-out): sends to it are refused */
                suppressed: boolean;
                /**
                 * Format: date-time
                 * @description When phone_number first wrote to sender_number
                 */
                created_at: string;
            };
        };
        ReportSandboxMessageResponse: {
            /** @description The message after the report, as get_message shows it */
            message: {
                /** @description msg_ for a message you sent, inb_ for one you received */
                id: string;
                /**
                 * @description One of pending_approval, scheduled, queued, sending, sent, delivered, failed, canceled, received. An outbound message is queued when accepted (scheduled with send_at), then sending, sent, delivered or failed, or canceled; pending_approval while a person must approve it; an inbound message is received.
                 * @enum {string}
                 */
                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                /** @description The other party in E.164 format: the recipient of a send, the sender of an inbound message */
                phone_number: string;
                /** @description Number of SMS segments the body takes */
                segments: number;
                /** @description segments x the price per segment, debited when accepted; 0 for an inbound message */
                cost_cents: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /** @description When a scheduled send goes out (ISO 8601 UTC); null for a send made at once */
                send_at: string | null;
                /** @description Why the message failed, as the message.failed webhook reports it: an error catalogue code (e.g. workspace_suppressed) or the carrier's own (e.g. unreachable); null unless status is failed */
                error_code: string | null;
                /** @description The error catalogue's retry hint for error_code (e.g. do_not_retry); null when error_code is not a catalogue code */
                retry: string | null;
                /**
                 * @description outbound for a message you sent, inbound for one you received
                 * @enum {string}
                 */
                direction: "outbound" | "inbound";
                /** @description Your number in E.164 format: the one a send goes from, the one an inbound message was sent to */
                sender_number: string | null;
                body: string;
                /** @description The campaign that sent it; null for a send of the API, MCP or console */
                campaign_id: string | null;
                /** @description What made a send: api, mcp, console, campaign, onboarding_test, or auto_reply (the answer to a STOP, START, HELP or custom keyword the recipient sent); null for an inbound message */
                origin: string | null;
                /** @description The idempotency_key the send was made with; null when none */
                idempotency_key: string | null;
                /** @description The metadata the send was made with; null when none */
                metadata: {
                    [key: string]: unknown;
                } | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
                /** @description When the carrier reported it sent; null until then */
                sent_at: string | null;
                /** @description When the carrier reported it delivered; null until then */
                delivered_at: string | null;
                /** @description When it failed; null unless status is failed */
                failed_at: string | null;
                /** @description When the message is expected to be handed to the carrier: at once, at send_at, or later when its sender is paced at the carrier's throughput (GET /api/v1/queue shows the queue). Null once it has been handed over, and once it failed or was canceled before. */
                estimated_send_at: string | null;
                /** @description The sender pool the sender was chosen from; null when none */
                sender_pool_id: string | null;
                /** @description When a message not yet handed to the carrier fails with error_code expired (validity_seconds); null for an inbound message */
                expires_at: string | null;
                approval: {
                    id: string;
                    /**
                     * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                     * @enum {string}
                     */
                    status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                    /**
                     * Format: date-time
                     * @description When a pending approval expires: the message is then canceled and refunded
                     */
                    expires_at: string;
                    /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                    approval_url: string;
                } | null;
                /**
                 * @description mms for a message with media (media_urls), else sms
                 * @enum {string}
                 */
                kind: "sms" | "mms";
                /** @description The media of an MMS: the URLs it was sent with, or those the carrier gave for one received; empty for an SMS */
                media_urls: string[];
                /** @description Clicks on the tracked links of its body (a send with shorten_links), each counted within about a second of the click; 0 for any other message */
                link_clicks: number;
            };
            /** @description The recipient's workspace suppression; null when never suppressed */
            suppression: {
                id: string;
                /** @description The suppressed number in E.164 format */
                phone_number: string;
                /** @description true while sends to the number are refused; false once lifted */
                active: boolean;
                /**
                 * @description provider_event (the carrier reported an opt-out), inbound_keyword (the recipient replied STOP), manual (added by this workspace) or operator (added by the service operator)
                 * @enum {string}
                 */
                source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                /** @description Why: the keyword, the carrier event or the reason given when it was added */
                reason: string | null;
                /** @description Whether this workspace may lift it (source manual); an opt-out the recipient asked for is lifted only by their START reply */
                removable: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp
                 */
                updated_at: string;
            } | null;
        };
        ListSandboxRecipientsResponse: {
            recipients: {
                /** @description Send to this number (E.164) */
                phone_number: string;
                /** @description What the sandbox carrier does with a message sent to it */
                behaviour: string;
            }[];
        };
        GetMessagingSettingResponse: {
            messaging_settings: {
                /** @description Sent back to HELP or INFO */
                help_message: string;
                /** @description Sent back once to a STOP-family keyword, which also opts the number out */
                opt_out_confirmation: string;
                /** @description Sent back to START, UNSTOP or YES when it lifts an opt-out the recipient made */
                opt_in_confirmation: string;
                /** @description Up to 20 keywords of your own, each answered with its reply */
                keywords: {
                    /** @description A word an inbound message may be (letters and digits, matched ignoring case and spaces; stored in capitals) */
                    keyword: string;
                    /** @description The text sent back, 1-320 characters (at most two or five segments) */
                    reply: string;
                }[];
                /** @description Allowed hours: when, in each recipient's local time (from the number's area code), a send may go out */
                quiet_hours: {
                    /**
                     * @description off: sends go out whenever they are made. hold: a send outside the window is accepted as scheduled for the window's next minute (held_until in the answer). refuse: it is refused with 422 outside_allowed_hours naming that time.
                     * @enum {string}
                     */
                    mode: "off" | "hold" | "refuse";
                    /** @description When sending may begin, HH:MM in the recipient's local time (default 08:00) */
                    start: string;
                    /** @description When sending must stop, HH:MM in the recipient's local time (default 21:00) */
                    end: string;
                    /** @description Narrow the window further for recipients in US states with stricter laws (docs/compliance.md lists them) */
                    apply_state_rules: boolean;
                };
                /** @description The countries a send may go to; any other is refused with 422 destination_not_allowed */
                allowed_countries: string[];
                /** @description Refuse sends to numbers a line-type lookup says are landlines (422 landline_destination) */
                reject_landlines: boolean;
                /** @description Refuses bursts of sends to never-messaged numbers of one number block */
                pumping_guard: {
                    enabled: boolean;
                    /** @description How many never-messaged numbers of one block (a number without its last two digits) may get a send within an hour; the next is refused with 429 suspected_sms_pumping */
                    max_new_numbers_per_hour: number;
                };
                /** @description When the settings were last changed; null while they are the defaults */
                updated_at: string | null;
            };
        };
        UpdateMessagingSettingResponse: {
            messaging_settings: {
                /** @description Sent back to HELP or INFO */
                help_message: string;
                /** @description Sent back once to a STOP-family keyword, which also opts the number out */
                opt_out_confirmation: string;
                /** @description Sent back to START, UNSTOP or YES when it lifts an opt-out the recipient made */
                opt_in_confirmation: string;
                /** @description Up to 20 keywords of your own, each answered with its reply */
                keywords: {
                    /** @description A word an inbound message may be (letters and digits, matched ignoring case and spaces; stored in capitals) */
                    keyword: string;
                    /** @description The text sent back, 1-320 characters (at most two or five segments) */
                    reply: string;
                }[];
                /** @description Allowed hours: when, in each recipient's local time (from the number's area code), a send may go out */
                quiet_hours: {
                    /**
                     * @description off: sends go out whenever they are made. hold: a send outside the window is accepted as scheduled for the window's next minute (held_until in the answer). refuse: it is refused with 422 outside_allowed_hours naming that time.
                     * @enum {string}
                     */
                    mode: "off" | "hold" | "refuse";
                    /** @description When sending may begin, HH:MM in the recipient's local time (default 08:00) */
                    start: string;
                    /** @description When sending must stop, HH:MM in the recipient's local time (default 21:00) */
                    end: string;
                    /** @description Narrow the window further for recipients in US states with stricter laws (docs/compliance.md lists them) */
                    apply_state_rules: boolean;
                };
                /** @description The countries a send may go to; any other is refused with 422 destination_not_allowed */
                allowed_countries: string[];
                /** @description Refuse sends to numbers a line-type lookup says are landlines (422 landline_destination) */
                reject_landlines: boolean;
                /** @description Refuses bursts of sends to never-messaged numbers of one number block */
                pumping_guard: {
                    enabled: boolean;
                    /** @description How many never-messaged numbers of one block (a number without its last two digits) may get a send within an hour; the next is refused with 429 suspected_sms_pumping */
                    max_new_numbers_per_hour: number;
                };
                /** @description When the settings were last changed; null while they are the defaults */
                updated_at: string | null;
            };
        };
        CreateConsentResponse: {
            consent: {
                /** @description Phone number in E.164 format */
                phone_number: string;
                /**
                 * @description How the recipient agreed
                 * @enum {string}
                 */
                source: "web_form" | "paper" | "keyword" | "verbal" | "import";
                /**
                 * Format: date-time
                 * @description When they agreed
                 */
                captured_at: string;
                /** @description What proves it: the form's URL and wording, a reference to the signed paper... */
                evidence: string;
                /**
                 * Format: date-time
                 * @description When it was recorded here
                 */
                recorded_at: string;
            };
        };
        GetConsentResponse: {
            consent: {
                /** @description Phone number in E.164 format */
                phone_number: string;
                /**
                 * @description How the recipient agreed
                 * @enum {string}
                 */
                source: "web_form" | "paper" | "keyword" | "verbal" | "import";
                /**
                 * Format: date-time
                 * @description When they agreed
                 */
                captured_at: string;
                /** @description What proves it: the form's URL and wording, a reference to the signed paper... */
                evidence: string;
                /**
                 * Format: date-time
                 * @description When it was recorded here
                 */
                recorded_at: string;
            };
        };
        GetLookupResponse: {
            lookup: {
                /** @description Phone number in E.164 format */
                phone_number: string;
                /** @description ISO 3166-1 alpha-2 country of the number; null when not known */
                country: string | null;
                /** @enum {string} */
                line_type: "mobile" | "landline" | "voip" | "toll_free" | "unknown";
                /** @description The carrier's name, when the lookup knows it */
                carrier: string | null;
                /** @description Whether the number is a valid, assignable number */
                valid: boolean;
            };
        };
        /** @description Only one account may be created per IP address every five minutes, and this address has created one within that time. Fix: Wait retry_after_seconds (the Retry-After header) and send the request again, or keep using the account this address created: its token makes as many keys as needed (MCP tool create_api_key). */
        AccountCreationRateLimitedError: {
            /** @constant */
            error: "account_creation_rate_limited";
            /** @description What happened */
            message: string;
            /** @description What to do about it */
            fix: string;
            /** @description Seconds to wait before trying again; the Retry-After header */
            retry_after_seconds: number;
        };
        /** @description The funding amount is below the minimum. Fix: Retry with amount_cents at or above minimum_cents. */
        AmountBelowMinimumError: {
            /** @constant */
            error: "amount_below_minimum";
            /** @description The smallest amount_cents accepted */
            minimum_cents: number;
        };
        /** @description This approval was resolved already. Fix: Only a pending approval can be approved or rejected. See current_status in this error (or GET /api/v1/approvals): an approved send went out, a rejected, expired or canceled one was refunded; send again to ask anew. */
        ApprovalNotPendingErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "approval_not_pending";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
            /**
             * @description The status the approval is in
             * @enum {string}
             */
            current_status: "pending" | "approved" | "rejected" | "expired" | "canceled";
        };
        /** @description No connected sender number is available for this workspace. Fix: Buy a number (POST /api/v1/numbers) or provision a dedicated number, then send again. */
        BrandedNumberMissingErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "branded_number_missing";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_sender_ready";
        };
        /** @description This workspace already has its dedicated number. Fix: Use the existing dedicated number (GET /api/v1/numbers); buy extra numbers with POST /api/v1/numbers. */
        DedicatedNumberAlreadyProvisionedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "dedicated_number_already_provisioned";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
        };
        /** @description The recipient's country is not one the workspace allows sends to. Fix: Add the country to allowed_countries with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings), or send to a number of an allowed country. */
        DestinationNotAllowedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "destination_not_allowed";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
            /** @description The recipient's country (ISO 3166-1 alpha-2), null when unknown */
            country: string | null;
        };
        /** @description This operation is not allowed. Fix: See the message for what is missing. */
        ForbiddenErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "forbidden";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
        };
        /** @description This idempotency_key was already used for a different request. Fix: Use a new idempotency_key, or resend the original recipient and body. */
        IdempotencyConflictErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "idempotency_conflict";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_new_idempotency_key";
        };
        /** @description The prepaid balance is too small for this operation. Fix: Create a funding invoice (POST /api/v1/onboarding/funding-invoices) and retry once it is paid. */
        InsufficientBalanceError: {
            /** @constant */
            error: "insufficient_balance";
            /** @description The prepaid balance now */
            balance_cents?: number;
            /** @description What the operation needed */
            required_cents?: number;
            /** @description Where to fund the difference: the REST route and the MCP tool */
            fund_with?: {
                route: string;
                mcp_tool: string;
            };
        };
        /** @description Something went wrong on our side. Fix: Retry later and quote request_id if it persists. */
        InternalErrorErrorDetail: {
            /** @constant */
            code: "internal_error";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_backoff";
            /** @description Quote it to support */
            request_id?: string;
        };
        /** @description The request body is not valid JSON. Fix: Send a JSON object with Content-Type: application/json. */
        InvalidJsonErrorDetail: {
            /** @constant */
            code: "invalid_json";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
        };
        /** @description This operation is not allowed in the current state of the resource. Fix: Check current_status in the error and the allowed transitions in the operation description. */
        InvalidStateErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_state";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_state_change";
            /** @description The status the resource is in */
            current_status: string;
        };
        /** @description The recipient is a landline, which cannot receive SMS, and the workspace refuses sends to landlines. Fix: Text a mobile number instead (GET /api/v1/lookups/{phone_number}, MCP tool lookup_number, tells the line type), or set reject_landlines to false with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings). */
        LandlineDestinationErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "landline_destination";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
        };
        /** @description A media URL could not be used. Fix: Give media_urls that answer 200 over https from a public address, without a redirect, with an image (jpeg, png, gif), mp4 video, audio, vCard or PDF, 5 MB in all; url and reason in this error say which one failed and why. */
        MediaRefusedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "media_refused";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
            /** @description The media URL that was refused */
            url: string;
            /** @description Why: its address, scheme, status, content type, size or time to answer */
            reason: string;
        };
        /** @description Only a scheduled message or one waiting for approval can be canceled. Fix: Only a message with status scheduled or pending_approval can be canceled. See current_status in this error (or GET /api/v1/messages/{id}): a queued or sent message cannot be recalled, and a canceled or failed one was refunded already. */
        MessageNotCancelableErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "message_not_cancelable";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
            /**
             * @description The status the message is in
             * @enum {string}
             */
            current_status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
        };
        /** @description The send rate limit for this token is exhausted. Fix: Wait retry_after_seconds (the Retry-After header) before sending again. */
        MessageSendRateLimitedError: {
            /** @constant */
            error: "message_send_rate_limited";
            message: string;
            /** @description Seconds to wait before trying again; the Retry-After header */
            retry_after_seconds: number;
            /** @description The limit that was reached */
            limit: {
                /** @description The send rate tier the token is held to */
                tier: string;
                /** @description Sends allowed at once */
                capacity: number;
                /** @description Milliseconds for one more send to become available */
                refill_ms: number;
            };
        };
        /** @description No such resource. Fix: Check the id or path. */
        NotFoundErrorDetail: {
            /** @constant */
            code: "not_found";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_valid_id";
        };
        /** @description The provider has no phone number available for this request. Fix: Search what is for sale now (search_available_numbers; GET /api/v1/numbers/available) and buy one of those numbers, try another area_code, or omit number and area_code to take any available number. */
        NumberUnavailableErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "number_unavailable";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_different_area_code";
        };
        /** @description An OAuth access token cannot create API keys: a key would outlive the grant and carry more than it allows. Fix: Create keys with the account's own token: the one account creation returned (POST /mcp/accounts or POST /api/v1/accounts), or a full key from POST /api/v1/onboarding/api-key. */
        OauthTokenCannotMintErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "oauth_token_cannot_mint";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_valid_token";
        };
        /** @description No funding invoice with this id exists for the authenticated user. Fix: Use an invoice id returned by POST /api/v1/onboarding/funding-invoices. */
        OnchainInvoiceNotFoundError: {
            /** @constant */
            error: "onchain_invoice_not_found";
        };
        /** @description This send falls outside the workspace's allowed hours in the recipient's local time. Fix: Send again at next_allowed_at, or schedule it for then with send_at. To hold such sends instead of refusing them, set quiet_hours.mode to hold with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings). */
        OutsideAllowedHoursErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "outside_allowed_hours";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_state_change";
            /**
             * Format: date-time
             * @description The next minute the recipient's allowed hours open (ISO 8601 UTC)
             */
            next_allowed_at: string;
        };
        /** @description The request body is too large. Fix: Send a smaller body. */
        PayloadTooLargeErrorDetail: {
            /** @constant */
            code: "payload_too_large";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
        };
        /** @description The messaging provider did not answer or failed; nothing was changed. Fix: Retry in a little while; if it persists, the operator should check the provider account and its status page. */
        ProviderUnavailableErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "provider_unavailable";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_backoff";
        };
        /** @description Only a rejected registration can be corrected and submitted again; this one is not rejected. Fix: Wait for the carriers to decide a pending one (GET /api/v1/brands/{id} or GET /api/v1/use-cases/{id}); a verified brand or an approved use case needs no correction. To change an approved use case, register a new one with POST /api/v1/use-cases. */
        RegistrationNotRejectedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "registration_not_rejected";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
            /** @description The status the brand or use case is in */
            current_status: string;
        };
        /** @description The sender number is not registered with the carriers for US traffic: its registration is not approved, so the carriers would block the message. Fix: Assign a local number to an approved use case with POST /api/v1/use-cases/{id}/numbers (register a brand with POST /api/v1/brands and a use case with POST /api/v1/use-cases first), or verify a toll-free number with POST /api/v1/numbers/{id}/toll-free-verification; GET /api/v1/numbers shows each registration. Or send from a number whose registration is approved. */
        SenderNotRegisteredErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sender_not_registered";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_sender_ready";
        };
        /** @description from is not a connected number of this workspace. Fix: Send from one of the workspace's numbers with status connected: list them with GET /api/v1/numbers (MCP tool list_numbers), or omit from to let the service choose one. */
        SenderNumberNotFoundErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sender_number_not_found";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
        };
        /** @description No number of the sender pool can send now: it has none, or each is released or failing at the carrier. Fix: Add a connected number to the pool (PATCH /api/v1/sender-pools/{id} with number_ids), or wait for a failing number to recover (GET /api/v1/numbers shows each health). */
        SenderPoolEmptyErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sender_pool_empty";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_sender_ready";
        };
        /** @description sender_pool_id is not a sender pool of this workspace. Fix: Send with one of the workspace's pools (GET /api/v1/sender-pools), or omit sender_pool_id to use the default pool. */
        SenderPoolNotFoundErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sender_pool_not_found";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
        };
        /** @description The service cannot reach its database or its queue for the moment (a restart or a failover); a change this request asked for may or may not have been made. Fix: Wait retry_after_seconds (the Retry-After header) and send the request again. A send repeated with the same idempotency_key is accepted once, so repeat sends with theirs; a send without one may have been accepted: look for it with GET /api/v1/messages before sending it again. */
        ServiceUnavailableErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "service_unavailable";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_seconds";
            /** @description Seconds to wait before trying again; the Retry-After header */
            retry_after_seconds: number;
        };
        /** @description This send would exceed the workspace's daily spend cap. Fix: The message says whose daily cap it is. The workspace's (GET /api/v1/balance shows what remains of it today): wait for the next UTC day or ask the operator to raise it. A token's own cap (delegated tokens, GET /api/v1/tokens shows each cap): wait for the next UTC day or send with a token whose cap allows it. */
        SpendLimitExceededErrorDetail: {
            /** @constant */
            code: "spend_limit_exceeded";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_spend_available";
        };
        /** @description The recipient opted out themselves (STOP reply or carrier opt-out); only they can lift it. Fix: Do not message this number. Only the recipient can lift an opt-out they made (a STOP reply or a carrier opt-out), by replying START to your number; one the service operator added, only the operator. You can lift only the suppressions you added (source manual, removable true). */
        SuppressionNotRemovableErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "suppression_not_removable";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
            /** @description Phone number in E.164 format */
            phone_number: string;
            /**
             * @description Who made the suppression
             * @enum {string}
             */
            source: "provider_event" | "inbound_keyword" | "manual" | "operator";
        };
        /** @description Too many never-messaged numbers of this number block got a send within the hour: the send looks like SMS pumping and was refused and recorded. Fix: If this traffic is yours, raise pumping_guard.max_new_numbers_per_hour or turn the guard off with PATCH /api/v1/messaging-settings (MCP tool update_messaging_settings); otherwise revoke the token that sent it (DELETE /api/v1/tokens/{id}, MCP tool revoke_token) and protect the form that triggers the sends. */
        SuspectedSmsPumpingErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "suspected_sms_pumping";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_state_change";
        };
        /** @description The operation did not finish in time. Fix: Retry later; if the operation has side effects, check its state first. */
        TimeoutErrorDetail: {
            /** @constant */
            code: "timeout";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_with_backoff";
        };
        /** @description This token is already waiting for replies in as many requests as it may at once. Fix: Wait for one of this token's waiting requests to answer (each answers within its wait_seconds), then ask again. */
        TooManyWaitsErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "too_many_waits";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_seconds";
            /** @description Seconds to wait before trying again; the Retry-After header */
            retry_after_seconds: number;
        };
        /** @description A valid bearer token is required. Fix: Send Authorization: Bearer <txt_ token> with the scope this route requires. */
        UnauthorizedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "unauthorized";
            message: string;
        };
        /** @description The request body must be application/json. Fix: Send Content-Type: application/json. */
        UnsupportedMediaTypeErrorDetail: {
            /** @constant */
            code: "unsupported_media_type";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
        };
        /** @description The request is not valid. Fix: Correct the fields listed in issues and send again. */
        ValidationFailedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "validation_failed";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_fixing_request";
            /** @description One entry per field problem */
            issues?: {
                /** @description The field, dotted for nested ones, e.g. contact.email */
                path: string;
                message: string;
            }[];
        };
        /** @description Too many test events were sent to this webhook endpoint lately. Fix: Wait retry_after_seconds (the Retry-After header) before sending another test event; real events and replays are not limited by this. */
        WebhookTestRateLimitedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "webhook_test_rate_limited";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "retry_after_seconds";
            /** @description Seconds to wait before trying again; the Retry-After header */
            retry_after_seconds: number;
        };
        /** @description The recipient has opted out of messages from this workspace. Fix: Do not message this recipient until they opt back in: GET /api/v1/suppressions/{phone_number} shows who made the opt-out. One the recipient made (a STOP reply, a carrier opt-out) ends only when they reply START; one you added ends with DELETE /api/v1/suppressions/{phone_number}. */
        WorkspaceSuppressedErrorDetail: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "workspace_suppressed";
            message: string;
            /** @description What to do about it */
            fix: string;
            /**
             * @description Whether and when to retry
             * @constant
             */
            retry: "do_not_retry";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Service health */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetHealthResponse"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description The database is unreachable: status degraded, database unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetHealthResponse"];
                };
            };
        };
    };
    getApiHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Service health */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetApiHealthResponse"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description The database is unreachable: status degraded, database unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetApiHealthResponse"];
                };
            };
        };
    };
    getMcpHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Service health */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMcpHealthResponse"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description The database is unreachable: status degraded, database unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMcpHealthResponse"];
                };
            };
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3-64 letters, digits, _ . -; unique ignoring case */
                    username: string;
                    /** @description 12-256 characters */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Create an account */
            201: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAccountResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description account_creation_rate_limited */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountCreationRateLimitedError"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createAccountForMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3-64 letters, digits, _ . -; unique ignoring case */
                    username?: string;
                    /** @description 12-256 characters */
                    password?: string;
                    account?: {
                        /** @description 3-64 letters, digits, _ . -; unique ignoring case */
                        username: string;
                        /** @description 12-256 characters */
                        password: string;
                    };
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Create an account (MCP bootstrap) */
            201: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAccountForMcpResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description account_creation_rate_limited */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountCreationRateLimitedError"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    migrateLegacyKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Display label for the new token */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Exchange a legacy txk_ key for a txt_ token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MigrateLegacyKeyResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Display label for the new token */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Issue a developer token with every scope */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateApiKeyResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description oauth_token_cannot_mint, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["OauthTokenCannotMintErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getOnboardingStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Onboarding status and next action */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetOnboardingStatusResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    sendTestSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                    phone_number: string;
                };
            };
        };
        responses: {
            /** @description Send a test SMS */
            202: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendTestSmsResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description insufficient_balance, spend_limit_exceeded */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"] | {
                        error: components["schemas"]["SpendLimitExceededErrorDetail"];
                    };
                };
            };
            /** @description workspace_suppressed, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["WorkspaceSuppressedErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, branded_number_missing */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["BrandedNumberMissingErrorDetail"];
                    };
                };
            };
            /** @description message_send_rate_limited */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendRateLimitedError"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createFundingInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Amount to add to the balance in US cents, at least the funding minimum: 500 unless the operator set another (FUNDING_MINIMUM_CENTS); a smaller amount is 422 amount_below_minimum with minimum_cents */
                    amount_cents: number;
                };
            };
        };
        responses: {
            /** @description Create a stablecoin funding invoice */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateFundingInvoiceResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, amount_below_minimum */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmountBelowMinimumError"] | {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getFundingInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id from create_funding_invoice */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a funding invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetFundingInvoiceResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description onchain_invoice_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnchainInvoiceNotFoundError"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    submitBrandedRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Registered legal name of the business */
                    legal_name?: string;
                    /**
                     * Format: uri
                     * @description Public http(s) website of the business
                     */
                    website?: string;
                    /** @description What the messages are for and who receives them */
                    use_case?: string;
                    /** @description 1-5 example messages, each with opt-out wording such as "Reply STOP to opt out" */
                    sample_messages?: string[];
                    /** @description Who the carrier may contact about the registration */
                    contact?: {
                        name: string;
                        /** Format: email */
                        email: string;
                        /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                        phone_number?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Submit business details for a dedicated number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmitBrandedRequestResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    provisionDedicatedNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Provision the dedicated number */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProvisionDedicatedNumberResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description insufficient_balance */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"];
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, dedicated_number_already_provisioned, number_unavailable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["DedicatedNumberAlreadyProvisionedErrorDetail"] | components["schemas"]["NumberUnavailableErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListTokensResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the token is for, e.g. "reminder sub-agent" */
                    name: string;
                    /** @description Scopes of the new token: a subset of the calling token's */
                    scopes: ("messages:read" | "messages:write" | "numbers:read" | "numbers:write" | "campaigns:read" | "campaigns:write" | "onboarding:read" | "onboarding:write" | "mcp:read" | "mcp:execute" | "billing:read" | "tokens:read" | "tokens:write" | "webhooks:read" | "webhooks:write" | "compliance:read" | "compliance:write" | "workspace:read" | "workspace:write")[];
                    /** @description Lifetime in seconds; default and maximum: the deployment's token lifetime or the calling token's expiry */
                    expires_in_seconds?: number;
                    /** @description Cap on what the token's sends may cost per UTC day, in cents, beside the workspace's cap */
                    spend_cap_cents_daily?: number;
                    /**
                     * @description Send rate limit of the token (a plan tier: bursts of 1, 5, 10 or 20); default: the calling token's, else the workspace's
                     * @enum {string}
                     */
                    send_rate_tier?: "starter" | "growth" | "scale" | "enterprise";
                    /** @description Which of the token's sends wait for a person: accepted as pending_approval (debited) until approved with a token outside its tree or in the console, else canceled and refunded after APPROVAL_TTL_SECONDS (1 hour by default). Tokens it creates carry the rule too. */
                    approval?: {
                        /**
                         * @description Sends to a number the workspace has not messaged before
                         * @constant
                         */
                        required_for: "new_recipients";
                    } | {
                        /**
                         * @description Every send
                         * @constant
                         */
                        required_for: "all_sends";
                    } | {
                        /**
                         * @description Sends that cost more than threshold_cents
                         * @constant
                         */
                        required_for: "over_cents";
                        threshold_cents: number;
                    };
                };
            };
        };
        responses: {
            /** @description Create a delegated token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTokenResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description oauth_token_cannot_mint, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["OauthTokenCannotMintErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Token id (tok_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke a token and the tokens created from it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeTokenResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the workspace's phone numbers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListNumbersResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Preferred three-digit area code for a local number */
                    area_code?: string;
                    /** @description Buy exactly this number, one that search_available_numbers (GET /api/v1/numbers/available) offered */
                    number?: string;
                    /** @description Label; defaults to the number itself */
                    friendly_name?: string;
                    /**
                     * @description local (default) or toll_free; with `number`, the type that number is (search with the same type)
                     * @default local
                     * @enum {string}
                     */
                    type?: "local" | "toll_free";
                    /**
                     * @description The sandbox sells numbers pre-approved under its sandbox use case; "unregistered" buys one without, to try the sender_not_registered refusal. A real carrier sells every number unregistered.
                     * @constant
                     */
                    registration?: "unregistered";
                };
            };
        };
        responses: {
            /** @description Buy a phone number */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateNumberResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description insufficient_balance */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"];
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, number_unavailable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["NumberUnavailableErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    searchAvailableNumbers: {
        parameters: {
            query?: {
                area_code?: string;
                contains?: string;
                limit?: number;
                type?: "local" | "toll_free";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Search the numbers the provider offers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchAvailableNumbersResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Number id (pn_...), from list_numbers / GET /api/v1/numbers */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a phone number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetNumberResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    releaseNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Number id (pn_...), from list_numbers / GET /api/v1/numbers */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Release a phone number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseNumberResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Number id (pn_...), from list_numbers / GET /api/v1/numbers */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description New label, 1-64 characters */
                    friendly_name: string;
                };
            };
        };
        responses: {
            /** @description Rename a phone number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateNumberResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createTollFreeVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Number id (pn_...), from list_numbers / GET /api/v1/numbers */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Brand id (brd_...), from create_brand or list_brands */
                    brand_id: string;
                    /**
                     * @description What the messages are for
                     * @enum {string}
                     */
                    use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                    /** @description What is sent, to whom and why (40-4,096 characters) */
                    description: string;
                    /** @description 2-5 messages as recipients will get them, 20-1,024 characters each */
                    sample_messages: string[];
                    /** @description How recipients consent: where and how they opt in and what they are told (40-2,048 characters) */
                    message_flow: string;
                    /** @description Messages expected a month */
                    monthly_volume: number;
                };
            };
        };
        responses: {
            /** @description Verify a toll-free number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTollFreeVerificationResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, invalid_state */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listBrands: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List brands */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListBrandsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createBrand: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The legal name, exactly as the tax records have it */
                    legal_name: string;
                    /** @description ISO 3166-1 alpha-2 country of registration, e.g. US */
                    country: string;
                    /** @description The tax number (EIN in the US, e.g. 12-3456789) */
                    tax_id: string;
                    /**
                     * @description The kind of organisation; sole_proprietor has lower throughput
                     * @enum {string}
                     */
                    entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                    /**
                     * @description The industry, from the 10DLC list
                     * @enum {string}
                     */
                    vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                    /**
                     * Format: uri
                     * @description The public website, e.g. https://example.com
                     */
                    website: string;
                    /**
                     * Format: email
                     * @description Where recipients and the carriers reach support
                     */
                    support_email: string;
                    /** @description Support phone number with a leading +, e.g. +14155550100 */
                    support_phone: string;
                };
            };
        };
        responses: {
            /** @description Register a brand */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateBrandResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getBrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Brand id (brd_...), from create_brand or list_brands */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a brand */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetBrandResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateBrand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Brand id (brd_...), from create_brand or list_brands */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The legal name, exactly as the tax records have it */
                    legal_name?: string;
                    /** @description ISO 3166-1 alpha-2 country of registration, e.g. US */
                    country?: string;
                    /** @description The tax number (EIN in the US, e.g. 12-3456789) */
                    tax_id?: string;
                    /**
                     * @description The kind of organisation; sole_proprietor has lower throughput
                     * @enum {string}
                     */
                    entity_type?: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                    /**
                     * @description The industry, from the 10DLC list
                     * @enum {string}
                     */
                    vertical?: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                    /**
                     * Format: uri
                     * @description The public website, e.g. https://example.com
                     */
                    website?: string;
                    /**
                     * Format: email
                     * @description Where recipients and the carriers reach support
                     */
                    support_email?: string;
                    /** @description Support phone number with a leading +, e.g. +14155550100 */
                    support_phone?: string;
                };
            };
        };
        responses: {
            /** @description Correct and resubmit a rejected brand */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateBrandResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description registration_not_rejected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["RegistrationNotRejectedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listUseCases: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List use cases */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListUseCasesResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createUseCase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Brand id (brd_...), from create_brand or list_brands */
                    brand_id: string;
                    /**
                     * @description What the messages are for, from the 10DLC list
                     * @enum {string}
                     */
                    use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                    /** @description What is sent, to whom and why (40-4,096 characters) */
                    description: string;
                    /** @description 2-5 messages as recipients will get them, 20-1,024 characters each */
                    sample_messages: string[];
                    /** @description How recipients consent: where and how they opt in and what they are told (40-2,048 characters) */
                    message_flow: string;
                    /** @description The answer to HELP: who sends and how to reach support */
                    help_message: string;
                    /** @description The answer to STOP: that no more messages will be sent */
                    opt_out_message: string;
                    /** @description Whether messages contain links */
                    has_links: boolean;
                    /** @description Whether messages contain phone numbers */
                    has_phone_numbers: boolean;
                };
            };
        };
        responses: {
            /** @description Register a use case */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateUseCaseResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, invalid_state */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getUseCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Use case id (ucs_...), from create_use_case or list_use_cases */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a use case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetUseCaseResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateUseCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Use case id (ucs_...), from create_use_case or list_use_cases */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What the messages are for, from the 10DLC list
                     * @enum {string}
                     */
                    use_case?: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                    /** @description What is sent, to whom and why (40-4,096 characters) */
                    description?: string;
                    /** @description 2-5 messages as recipients will get them, 20-1,024 characters each */
                    sample_messages?: string[];
                    /** @description How recipients consent: where and how they opt in and what they are told (40-2,048 characters) */
                    message_flow?: string;
                    /** @description The answer to HELP: who sends and how to reach support */
                    help_message?: string;
                    /** @description The answer to STOP: that no more messages will be sent */
                    opt_out_message?: string;
                    /** @description Whether messages contain links */
                    has_links?: boolean;
                    /** @description Whether messages contain phone numbers */
                    has_phone_numbers?: boolean;
                };
            };
        };
        responses: {
            /** @description Correct and resubmit a rejected use case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateUseCaseResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description registration_not_rejected */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["RegistrationNotRejectedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    assignUseCaseNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Use case id (ucs_...), from create_use_case or list_use_cases */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Number id (pn_...), from list_numbers / GET /api/v1/numbers */
                    number_id: string;
                };
            };
        };
        responses: {
            /** @description Assign a number to a use case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignUseCaseNumberResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, invalid_state */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    unassignUseCaseNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Use case id (ucs_...), from create_use_case or list_use_cases */
                id: string;
                /** @description Number id (pn_...), from list_numbers / GET /api/v1/numbers */
                number_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unassign a number from a use case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnassignUseCaseNumberResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listMessages: {
        parameters: {
            query?: {
                status?: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                direction?: "outbound" | "inbound";
                phone_number?: string;
                sender_number?: string;
                campaign_id?: string;
                idempotency_key?: string;
                created_after?: string;
                created_before?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List and search messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListMessagesResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                    phone_number: string;
                    /** @description Text to send, 1-1600 characters, not white space alone; longer texts are sent in several segments. Give body or template_id, not both; with media_urls it may be left out. */
                    body?: string;
                    /** @description Instead of body: the id of a message template (tpl_...); the body is the template rendered with variables at acceptance. An unknown template or a variable it needs that variables lacks is a 422 naming it. */
                    template_id?: string;
                    /** @description The value of each {{variable}} of the template, as text */
                    variables?: {
                        [key: string]: string;
                    };
                    /** @description Makes the send an MMS (kind mms, priced per message, not per segment): 1-10 https URLs of images (jpeg, png, gif), mp4 video, audio, vCard or PDF, 5 MB in all. Each is fetched once when the send is accepted, from public addresses only and without following redirects; one that cannot be used is a 422 media_refused naming the URL and the reason. The body is optional with media. */
                    media_urls?: string[];
                    /** @description Makes retries safe: a repeat with the same key, recipient and body returns the original message (200, header Idempotent-Replayed: true) and is not counted by the send rate limit; the same key with a different request is a 409 idempotency_conflict. Keys are kept at least 24 hours. */
                    idempotency_key?: string;
                    /** @description Your own key-value data, stored with the message (at most 50 keys, 4096 bytes) */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /**
                     * Format: date-time
                     * @description Schedules the send instead of sending now: an ISO 8601 time with its UTC offset (e.g. 2026-12-01T09:30:00-05:00 or 2026-12-01T14:30:00Z), between 1 minute and 35 days from now. Every check runs and the cost is debited at once; the message is scheduled until then, can be canceled until it goes out, and is failed and refunded (workspace_suppressed) if the recipient opted out meanwhile.
                     */
                    send_at?: string;
                    /** @description The sender: one of the workspace's connected numbers (E.164, as GET /api/v1/numbers lists them). Without it the number this recipient got before is used, else the least recently used one. A named sender is used for this send only: it does not change which number the recipient gets by default. Part of the request an idempotency_key is tied to. */
                    from?: string;
                    /** @description Choose the sender from this pool of your numbers (POST /api/v1/sender-pools): the number this recipient got from the pool before, else one of its area code, else of its state, else the least loaded. Not with from (422). Without from or sender_pool_id the default pool is used, when the workspace has one. */
                    sender_pool_id?: string;
                    /** @description How long the message may wait to be handed to the carrier, in seconds (60-36000, default 36000), counted from acceptance, or from send_at for a scheduled send. A message still waiting then (behind its sender's pace, say) fails with error_code expired and is refunded, with its message.failed webhook: set a short validity for one-time codes, so a stale code is never delivered. */
                    validity_seconds?: number;
                    /** @description Replace typographic characters that force UCS-2 (curly quotes, dashes, ellipsis, non-breaking spaces and the like) with their GSM-7 equivalents before counting segments, so such a body costs as plain text does. The stored body is the body sent; the preview lists each replacement and the segments and cost with and without. */
                    smart_encoding?: boolean;
                    /** @description Replace each http(s) URL in the body with a tracked short link, PUBLIC_BASE_URL/l/{code}, that redirects to it and counts its clicks (link_clicks on the message, the message.link_clicked event on the first click of each link). Segments and cost are those of the shortened body, which is the body stored and sent. */
                    shorten_links?: boolean;
                } | unknown | unknown | unknown;
            };
        };
        responses: {
            /** @description Idempotent replay: the message first created with this idempotency_key */
            200: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    /** @description This answer repeats the original message and created nothing */
                    "Idempotent-Replayed": "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateMessageResponse"];
                };
            };
            /** @description Send an SMS */
            202: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateMessageResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description insufficient_balance, spend_limit_exceeded */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"] | {
                        error: components["schemas"]["SpendLimitExceededErrorDetail"];
                    };
                };
            };
            /** @description workspace_suppressed, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["WorkspaceSuppressedErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["IdempotencyConflictErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, media_refused, destination_not_allowed, landline_destination, branded_number_missing, sender_number_not_found, sender_pool_not_found, sender_pool_empty, sender_not_registered, outside_allowed_hours */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["MediaRefusedErrorDetail"] | components["schemas"]["DestinationNotAllowedErrorDetail"] | components["schemas"]["LandlineDestinationErrorDetail"] | components["schemas"]["BrandedNumberMissingErrorDetail"] | components["schemas"]["SenderNumberNotFoundErrorDetail"] | components["schemas"]["SenderPoolNotFoundErrorDetail"] | components["schemas"]["SenderPoolEmptyErrorDetail"] | components["schemas"]["SenderNotRegisteredErrorDetail"] | components["schemas"]["OutsideAllowedHoursErrorDetail"];
                    };
                };
            };
            /** @description suspected_sms_pumping, message_send_rate_limited */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendRateLimitedError"] | {
                        error: components["schemas"]["SuspectedSmsPumpingErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    sendMessageBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1-1000 sends, each decided as if it were sent alone, in this order */
                    messages: ({
                        /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                        phone_number: string;
                        /** @description Text to send, 1-1600 characters, not white space alone; longer texts are sent in several segments. Give body or template_id, not both; with media_urls it may be left out. */
                        body?: string;
                        /** @description Instead of body: the id of a message template (tpl_...); the body is the template rendered with variables at acceptance. An unknown template or a variable it needs that variables lacks is a 422 naming it. */
                        template_id?: string;
                        /** @description The value of each {{variable}} of the template, as text */
                        variables?: {
                            [key: string]: string;
                        };
                        /** @description Makes the send an MMS (kind mms, priced per message, not per segment): 1-10 https URLs of images (jpeg, png, gif), mp4 video, audio, vCard or PDF, 5 MB in all. Each is fetched once when the send is accepted, from public addresses only and without following redirects; one that cannot be used is a 422 media_refused naming the URL and the reason. The body is optional with media. */
                        media_urls?: string[];
                        /** @description Makes retries safe: a repeat with the same key, recipient and body returns the original message (200, header Idempotent-Replayed: true) and is not counted by the send rate limit; the same key with a different request is a 409 idempotency_conflict. Keys are kept at least 24 hours. */
                        idempotency_key?: string;
                        /** @description Your own key-value data, stored with the message (at most 50 keys, 4096 bytes) */
                        metadata?: {
                            [key: string]: unknown;
                        };
                        /**
                         * Format: date-time
                         * @description Schedules the send instead of sending now: an ISO 8601 time with its UTC offset (e.g. 2026-12-01T09:30:00-05:00 or 2026-12-01T14:30:00Z), between 1 minute and 35 days from now. Every check runs and the cost is debited at once; the message is scheduled until then, can be canceled until it goes out, and is failed and refunded (workspace_suppressed) if the recipient opted out meanwhile.
                         */
                        send_at?: string;
                    } | unknown | unknown | unknown)[];
                    /** @description The sender of every item: one of the workspace's connected numbers (E.164). Without it or sender_pool_id each recipient gets its usual number (or one of the default pool), as a single send does. */
                    from?: string;
                    /** @description Choose each item's sender from this pool (POST /api/v1/sender-pools), as a single send does. Not with from (422). */
                    sender_pool_id?: string;
                    /** @description How long the message may wait to be handed to the carrier, in seconds (60-36000, default 36000), counted from acceptance, or from send_at for a scheduled send. A message still waiting then (behind its sender's pace, say) fails with error_code expired and is refunded, with its message.failed webhook: set a short validity for one-time codes, so a stale code is never delivered. */
                    validity_seconds?: number;
                    /** @description Replace typographic characters that force UCS-2 (curly quotes, dashes, ellipsis, non-breaking spaces and the like) with their GSM-7 equivalents before counting segments, so such a body costs as plain text does. The stored body is the body sent; the preview lists each replacement and the segments and cost with and without. */
                    smart_encoding?: boolean;
                    /** @description Replace each http(s) URL in the body with a tracked short link, PUBLIC_BASE_URL/l/{code}, that redirects to it and counts its clicks (link_clicks on the message, the message.link_clicked event on the first click of each link). Segments and cost are those of the shortened body, which is the body stored and sent. */
                    shorten_links?: boolean;
                };
            };
        };
        responses: {
            /** @description Send many SMS in one call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendMessageBatchResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Message id returned by POST /api/v1/messages, or an inbound message id (inb_) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMessageResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getMessageTimeline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Message id (msg_) or inbound message id (inb_) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get the timeline of a message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMessageTimelineResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    cancelMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Message id returned by POST /api/v1/messages */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancel a scheduled or held message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelMessageResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description message_not_cancelable, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["MessageNotCancelableErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    previewMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                    phone_number: string;
                    /** @description Text to send, 1-1600 characters, not white space alone; longer texts are sent in several segments. Give body or template_id, not both; with media_urls it may be left out. */
                    body?: string;
                    /** @description Instead of body: the id of a message template (tpl_...); the body is the template rendered with variables at acceptance. An unknown template or a variable it needs that variables lacks is a 422 naming it. */
                    template_id?: string;
                    /** @description The value of each {{variable}} of the template, as text */
                    variables?: {
                        [key: string]: string;
                    };
                    /** @description Makes the send an MMS (kind mms, priced per message, not per segment): 1-10 https URLs of images (jpeg, png, gif), mp4 video, audio, vCard or PDF, 5 MB in all. Each is fetched once when the send is accepted, from public addresses only and without following redirects; one that cannot be used is a 422 media_refused naming the URL and the reason. The body is optional with media. */
                    media_urls?: string[];
                    /** @description Makes retries safe: a repeat with the same key, recipient and body returns the original message (200, header Idempotent-Replayed: true) and is not counted by the send rate limit; the same key with a different request is a 409 idempotency_conflict. Keys are kept at least 24 hours. */
                    idempotency_key?: string;
                    /** @description Your own key-value data, stored with the message (at most 50 keys, 4096 bytes) */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /**
                     * Format: date-time
                     * @description Schedules the send instead of sending now: an ISO 8601 time with its UTC offset (e.g. 2026-12-01T09:30:00-05:00 or 2026-12-01T14:30:00Z), between 1 minute and 35 days from now. Every check runs and the cost is debited at once; the message is scheduled until then, can be canceled until it goes out, and is failed and refunded (workspace_suppressed) if the recipient opted out meanwhile.
                     */
                    send_at?: string;
                    /** @description The sender: one of the workspace's connected numbers (E.164, as GET /api/v1/numbers lists them). Without it the number this recipient got before is used, else the least recently used one. A named sender is used for this send only: it does not change which number the recipient gets by default. Part of the request an idempotency_key is tied to. */
                    from?: string;
                    /** @description Choose the sender from this pool of your numbers (POST /api/v1/sender-pools): the number this recipient got from the pool before, else one of its area code, else of its state, else the least loaded. Not with from (422). Without from or sender_pool_id the default pool is used, when the workspace has one. */
                    sender_pool_id?: string;
                    /** @description How long the message may wait to be handed to the carrier, in seconds (60-36000, default 36000), counted from acceptance, or from send_at for a scheduled send. A message still waiting then (behind its sender's pace, say) fails with error_code expired and is refunded, with its message.failed webhook: set a short validity for one-time codes, so a stale code is never delivered. */
                    validity_seconds?: number;
                    /** @description Replace typographic characters that force UCS-2 (curly quotes, dashes, ellipsis, non-breaking spaces and the like) with their GSM-7 equivalents before counting segments, so such a body costs as plain text does. The stored body is the body sent; the preview lists each replacement and the segments and cost with and without. */
                    smart_encoding?: boolean;
                    /** @description Replace each http(s) URL in the body with a tracked short link, PUBLIC_BASE_URL/l/{code}, that redirects to it and counts its clicks (link_clicks on the message, the message.link_clicked event on the first click of each link). Segments and cost are those of the shortened body, which is the body stored and sent. */
                    shorten_links?: boolean;
                    /** @description Preview as a step of this campaign: consent_missing when it requires a consent the number lacks. Needs a token with compliance:read */
                    campaign_id?: string;
                } | unknown | unknown | unknown;
            };
        };
        responses: {
            /** @description Preview a send without sending */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewMessageResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, media_refused */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["MediaRefusedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                status?: "pending" | "approved" | "rejected" | "expired" | "canceled";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List sends held for approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListApprovalsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    approveApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id (apr_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Approve a held send */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApproveApprovalResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description approval_not_pending, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ApprovalNotPendingErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    rejectApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id (apr_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reject a held send */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RejectApprovalResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description approval_not_pending, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ApprovalNotPendingErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    followLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The code of the link */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Follow a tracked link */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowLinkResponse"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listSenderPools: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List sender pools */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSenderPoolsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createSenderPool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name for people, e.g. "Support lines"; 1-64 characters */
                    name: string;
                    /** @description Ids (pn_...) of the workspace's connected numbers, at most 500; each at most once */
                    number_ids: string[];
                    /** @description Default true */
                    sticky_sender?: boolean;
                    /** @description Default true */
                    area_code_match?: boolean;
                    /** @description Default false; making a pool the default makes the previous default an ordinary pool */
                    is_default?: boolean;
                };
            };
        };
        responses: {
            /** @description Create a sender pool */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateSenderPoolResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getSenderPool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Sender pool id (spl_...), from list_sender_pools */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a sender pool */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetSenderPoolResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    deleteSenderPool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Sender pool id (spl_...), from list_sender_pools */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a sender pool */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteSenderPoolResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateSenderPool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Sender pool id (spl_...), from list_sender_pools */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name for people, e.g. "Support lines"; 1-64 characters */
                    name?: string;
                    /** @description Ids (pn_...) of the workspace's connected numbers, at most 500; each at most once */
                    number_ids?: string[];
                    /** @description Default true */
                    sticky_sender?: boolean;
                    /** @description Default true */
                    area_code_match?: boolean;
                    /** @description Default false; making a pool the default makes the previous default an ordinary pool */
                    is_default?: boolean;
                } | unknown | unknown | unknown | unknown | unknown;
            };
        };
        responses: {
            /** @description Update a sender pool */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateSenderPoolResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getQueue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get the send queue */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetQueueResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listMcpOAuthClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the OAuth clients you authorized */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListMcpOAuthClientsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    revokeMcpOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The client_id to revoke */
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an OAuth client's access */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeMcpOAuthClientResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List webhook endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhookEndpointsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description https URL that receives the events; its host must resolve to public addresses only (a development server with ALLOW_PRIVATE_WEBHOOK_URLS=1 also takes http and private addresses)
                     */
                    url: string;
                    /** @description Notes for your team, at most 200 characters */
                    description?: string;
                    /** @description Event types to send; empty means all */
                    event_types?: ("message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated")[];
                    /** @description Whether events are sent to it (default true) */
                    enabled?: boolean;
                    /** @description At most this many requests a second to the endpoint, across every worker (1-1000); without it, no limit */
                    max_per_second?: number;
                    /**
                     * @description per_message: a message's events in sequence order, one still failing holding that message's later ones; none (default): each as soon as it can be sent
                     * @enum {string}
                     */
                    ordering?: "none" | "per_message";
                };
            };
        };
        responses: {
            /** @description Create a webhook endpoint */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateWebhookEndpointResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a webhook endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetWebhookEndpointResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a webhook endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteWebhookEndpointResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description https URL that receives the events; its host must resolve to public addresses only (a development server with ALLOW_PRIVATE_WEBHOOK_URLS=1 also takes http and private addresses)
                     */
                    url?: string;
                    /** @description Notes for your team, at most 200 characters */
                    description?: string;
                    /** @description Event types to send; empty means all */
                    event_types?: ("message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated")[];
                    /** @description false stops sending; true resumes it */
                    enabled?: boolean;
                    /** @description 1-1000 requests a second; null removes the limit */
                    max_per_second?: number | null;
                    /**
                     * @description per_message: a message's events in sequence order, one still failing holding that message's later ones; none (default): each as soon as it can be sent
                     * @enum {string}
                     */
                    ordering?: "none" | "per_message";
                };
            };
        };
        responses: {
            /** @description Update a webhook endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateWebhookEndpointResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reveal the signing secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetWebhookEndpointSecretResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rotate the signing secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotateWebhookEndpointSecretResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description The event type of the example event to send; when omitted, the first type the endpoint subscribes to, else message.sent
                     * @enum {string}
                     */
                    event_type?: "message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated";
                };
            };
        };
        responses: {
            /** @description Send a test event */
            200: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendTestWebhookResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description webhook_test_rate_limited */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["WebhookTestRateLimitedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    recoverWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Replay failed deliveries created at or after this time
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Recover failed deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoverWebhookEndpointResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getWebhookEndpointStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whe_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Hourly attempt counts of an endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetWebhookEndpointStatsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                status?: "pending" | "succeeded" | "failed";
                event_type?: "message.sent" | "message.delivered" | "message.failed" | "message.received" | "message.approval_requested" | "message.approval_resolved" | "message.link_clicked" | "conversation.created" | "conversation.updated" | "opt_out.created" | "brand.updated" | "use_case.updated" | "number.registration_updated";
                endpoint_id?: string;
                event_id?: string;
                message_id?: string;
                created_after?: string;
                created_before?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List webhook deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListWebhookDeliveriesResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook delivery id (whd_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Show a webhook delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetWebhookDeliveryResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook delivery id (whd_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Replay a webhook delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayWebhookDeliveryResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                status?: "draft" | "active" | "paused" | "archived";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List campaigns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCampaignsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Name shown in lists, 1-200 characters */
                    name: string;
                    /** @description Notes for your team; never sent */
                    description?: string;
                    /** @description Fields given are changed; the rest keep their values */
                    settings?: {
                        quiet_hours?: {
                            enabled?: boolean;
                            start?: string;
                            end?: string;
                            timezone?: string | null;
                        };
                        require_consent?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Create a campaign */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateCampaignResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetCampaignResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Name shown in lists, 1-200 characters */
                    name?: string;
                    /** @description Notes for your team; null clears them */
                    description?: string | null;
                    /** @description Fields given are changed; the rest keep their values */
                    settings?: {
                        quiet_hours?: {
                            enabled?: boolean;
                            start?: string;
                            end?: string;
                            timezone?: string | null;
                        };
                        require_consent?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Update a campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateCampaignResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, invalid_state */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    activateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Activate a campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivateCampaignResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description invalid_state, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidStateErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    pauseCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pause a campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PauseCampaignResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description invalid_state, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidStateErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    archiveCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Archive a campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveCampaignResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description invalid_state, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidStateErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    addCampaignStage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Message template */
                    body: string;
                    /** @description Minutes to wait after the previous step (after enrollment or activation for the first stage) */
                    delay_minutes: number;
                    /** @description 1-based position, at most one past the last stage; default last */
                    position?: number;
                    /** @description Replace each http(s) URL of every step's rendered body with a tracked short link, PUBLIC_BASE_URL/l/{code}, as a send's shorten_links does: each recipient gets links of their own, whose clicks count on their message (link_clicks, message.link_clicked). Default false */
                    shorten_links?: boolean;
                };
            };
        };
        responses: {
            /** @description Add a stage */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddCampaignStageResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, invalid_state */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listCampaignEnrollments: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List enrollments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCampaignEnrollmentsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    enrollInCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Numbers in international format with leading + */
                    phone_numbers?: string[];
                    /** @description Enroll every contact of this list (cl_...) */
                    contact_list_id?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Enroll numbers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollInCampaignResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, invalid_state */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listCampaignSuppressions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List campaign suppressions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCampaignSuppressionsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createCampaignSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                    phone_number: string;
                    /** @description Why, for your records */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The number was already suppressed; the existing suppression is returned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateCampaignSuppressionResponse"];
                };
            };
            /** @description Suppress a number in a campaign */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateCampaignSuppressionResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    deleteCampaignSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Campaign id (cmp_...) */
                campaign_id: string;
                /** @description Suppression id (csp_...) */
                suppression_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove a campaign suppression */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteCampaignSuppressionResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List message templates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListTemplatesResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label, 1-200 characters */
                    name: string;
                    /** @description The message text, 1-1600 characters, with {{variable}} placeholders (letters, digits and _); a placeholder that is not a variable name, or a stray {{ or }}, is refused */
                    body: string;
                };
            };
        };
        responses: {
            /** @description Create a message template */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTemplateResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Template id (tpl_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a message template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetTemplateResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Template id (tpl_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a message template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteTemplateResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Template id (tpl_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label, 1-200 characters */
                    name?: string;
                    /** @description The message text, 1-1600 characters, with {{variable}} placeholders (letters, digits and _); a placeholder that is not a variable name, or a stray {{ or }}, is refused */
                    body?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Update a message template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateTemplateResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listSnippets: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List snippets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSnippetsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createSnippet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique in the workspace; lowercase letters, digits, _ and - */
                    name: string;
                    /** @description Text with optional contact fields; snippets cannot include other snippets */
                    body: string;
                };
            };
        };
        responses: {
            /** @description Create a snippet */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateSnippetResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateSnippet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Snippet id (snp_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique in the workspace; lowercase letters, digits, _ and - */
                    name?: string;
                    /** @description Text with optional contact fields; snippets cannot include other snippets */
                    body?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Update a snippet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateSnippetResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listContactLists: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List contact lists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListContactListsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createContactList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Name of the list, 1-200 characters */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Create a contact list */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateContactListResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    addContactListContacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Contact list id (cl_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1-1000 contacts; entries with the same number are merged */
                    contacts: {
                        /** @description International format with leading + */
                        phone_number: string;
                        /** @description For {{first_name}} */
                        first_name?: string;
                        /** @description For {{last_name}} */
                        last_name?: string;
                        /** @description Custom fields for {{attributes.<key>}}; merged into the stored ones, null removes a key */
                        attributes?: {
                            [key: string]: string | number | boolean | null;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Add contacts to a list */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddContactListContactsResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listConversations: {
        parameters: {
            query?: {
                phone_number?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List conversations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListConversationsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getConversation: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Conversation id (cnv_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetConversationResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    waitForReplies: {
        parameters: {
            query?: {
                after?: string;
                wait_seconds?: number;
            };
            header?: never;
            path: {
                /** @description A conversation id (cnv_...), or the id of a message you sent (msg_...): the replies of its recipient to its sender number */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Wait for replies */
            200: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitForRepliesResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description too_many_waits */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["TooManyWaitsErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listSuppressions: {
        parameters: {
            query?: {
                phone_number?: string;
                source?: "provider_event" | "inbound_keyword" | "manual" | "operator";
                active?: "true" | "false";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List opt-outs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSuppressionsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                    phone_number: string;
                    /** @description Why, for your records */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The number was already suppressed; the existing suppression is returned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateSuppressionResponse"];
                };
            };
            /** @description Add an opt-out */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateSuppressionResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    checkSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phone number in international format, URL-encoded in the path: +14155550100 is %2B14155550100 (spaces, dots, hyphens and parentheses are allowed as in a body) */
                phone_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Check a number for an opt-out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckSuppressionResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    deleteSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phone number in international format, URL-encoded in the path: +14155550100 is %2B14155550100 (spaces, dots, hyphens and parentheses are allowed as in a body) */
                phone_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lift an opt-out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteSuppressionResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, suppression_not_removable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["SuppressionNotRemovableErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get the balance and the spend of the day */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetBalanceResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listLedgerEntries: {
        parameters: {
            query?: {
                kind?: "send_debit" | "send_refund" | "funding_credit" | "number_purchase" | "number_purchase_refund" | "operator_credit" | "operator_debit";
                created_after?: string;
                created_before?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List ledger entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListLedgerEntriesResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query: {
                /** @description First day of the report (YYYY-MM-DD, UTC), included */
                from: string;
                /** @description Last day of the report (YYYY-MM-DD, UTC), included; from..to holds at most 366 days */
                to: string;
                granularity?: "day" | "month";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get usage by day or month */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetUsageResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getWorkspaceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get the workspace settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetWorkspaceSettingsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateWorkspaceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How many days messages, inbound messages, events and webhook deliveries are kept (1-3650); null keeps them for ever. Once older, a message that reached a final status (sent, delivered, failed, canceled) and an inbound message are redacted: body and phone_number read "[redacted]", metadata null, their carrier reports deleted; the row, its counts in usage and its ledger entries stay. Events and webhook deliveries with their attempts are deleted, except a delivery that is still retrying. Redaction cannot be undone. */
                    retention_days?: number | null;
                };
            };
        };
        responses: {
            /** @description Change the workspace settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateWorkspaceSettingsResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    paySandboxInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id from create_funding_invoice */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pay a funding invoice (sandbox) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaySandboxInvoiceResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description onchain_invoice_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnchainInvoiceNotFoundError"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description invalid_state, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidStateErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    receiveSandboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The phone number the text comes from, E.164, e.g. +14155550100 */
                    from: string;
                    /** @description The workspace's number it is sent to, E.164; default: the one `from` was last sent from, else the oldest connected */
                    to?: string;
                    /** @description The text; STOP (or UNSUBSCRIBE, CANCEL, END, QUIT...) alone opts `from` out, START back in. Optional with media_urls. */
                    body?: string;
                    /** @description Makes it an inbound MMS: the URLs of its media, as a carrier would give them; kept on the message */
                    media_urls?: string[];
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Receive a reply (sandbox) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceiveSandboxMessageResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, branded_number_missing */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["BrandedNumberMissingErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    reportSandboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of a message you sent (send_message) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description fail: the carrier reports the message failed; opt_out: the recipient opts out at the carrier
                     * @enum {string}
                     */
                    outcome: "fail" | "opt_out";
                    /** @description With outcome fail: the message's error_code, e.g. unreachable (default carrier_failure) */
                    error_code?: string;
                };
            };
        };
        responses: {
            /** @description Report a message failed or its recipient opted out (sandbox) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportSandboxMessageResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description invalid_state, validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidStateErrorDetail"] | components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listSandboxRecipients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the scripted recipients (sandbox) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListSandboxRecipientsResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getMessagingSetting: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get the messaging settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMessagingSettingResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    updateMessagingSetting: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Sent back to HELP or INFO, 1-320 characters */
                    help_message?: string;
                    /** @description Sent back once to a STOP-family keyword, 1-320 characters */
                    opt_out_confirmation?: string;
                    /** @description Sent back to START, UNSTOP or YES, 1-320 characters */
                    opt_in_confirmation?: string;
                    /** @description Your own keywords and their replies, up to 20; replaces the list */
                    keywords?: {
                        /** @description A word an inbound message may be (letters and digits, matched ignoring case and spaces; stored in capitals) */
                        keyword: string;
                        /** @description The text sent back, 1-320 characters (at most two or five segments) */
                        reply: string;
                    }[];
                    /** @description Allowed hours: mode (off, hold, refuse), start and end (HH:MM local), apply_state_rules */
                    quiet_hours?: {
                        /**
                         * @description off: sends go out whenever they are made. hold: a send outside the window is accepted as scheduled for the window's next minute (held_until in the answer). refuse: it is refused with 422 outside_allowed_hours naming that time.
                         * @enum {string}
                         */
                        mode?: "off" | "hold" | "refuse";
                        /** @description When sending may begin, HH:MM in the recipient's local time (default 08:00) */
                        start?: string;
                        /** @description When sending must stop, HH:MM in the recipient's local time (default 21:00) */
                        end?: string;
                        /** @description Narrow the window further for recipients in US states with stricter laws (docs/compliance.md lists them) */
                        apply_state_rules?: boolean;
                    };
                    /** @description The countries a send may go to, e.g. ["US", "CA"] */
                    allowed_countries?: string[];
                    /** @description Refuse sends to landlines (422 landline_destination) */
                    reject_landlines?: boolean;
                    /** @description The SMS pumping guard: enabled, max_new_numbers_per_hour */
                    pumping_guard?: {
                        enabled?: boolean;
                        /** @description How many never-messaged numbers of one block (a number without its last two digits) may get a send within an hour; the next is refused with 429 suspected_sms_pumping */
                        max_new_numbers_per_hour?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Change the messaging settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateMessagingSettingResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    createConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Phone number in international format with a leading +, e.g. +14155550100; single spaces, dots, hyphens and parentheses between the digits are allowed and removed (+1 (415) 555-0100) */
                    phone_number: string;
                    /**
                     * @description How the recipient agreed: web_form, paper, keyword, verbal or import
                     * @enum {string}
                     */
                    source: "web_form" | "paper" | "keyword" | "verbal" | "import";
                    /**
                     * Format: date-time
                     * @description When the recipient agreed (ISO 8601, not in the future)
                     */
                    captured_at: string;
                    /** @description What proves it, up to 2,000 characters: the form's URL and wording, a reference to the signed paper... */
                    evidence: string;
                };
            };
        };
        responses: {
            /** @description Record a consent */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateConsentResponse"];
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getConsent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phone number in international format, URL-encoded in the path: +14155550100 is %2B14155550100 (spaces, dots, hyphens and parentheses are allowed as in a body) */
                phone_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get a number's consent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetConsentResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    getLookup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phone number in international format, URL-encoded in the path: +14155550100 is %2B14155550100 (spaces, dots, hyphens and parentheses are allowed as in a body) */
                phone_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Look up a number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetLookupResponse"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ValidationFailedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description provider_unavailable, service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ProviderUnavailableErrorDetail"] | components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    listMcpToolsLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tools */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tools: {
                            /** @description The name to call: POST /mcp/tools/{name} */
                            name: string;
                            title: string;
                            description: string;
                            /** @description JSON Schema of the params the tool takes */
                            inputSchema: Record<string, never>;
                            /** @description JSON Schema of the result */
                            outputSchema: Record<string, never>;
                            annotations: {
                                title?: string;
                                readOnlyHint?: boolean;
                                destructiveHint?: boolean;
                                idempotentHint?: boolean;
                                openWorldHint?: boolean;
                            };
                        }[];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"];
                    };
                };
            };
        };
    };
    callMcpToolLegacy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A tool name from GET /mcp/tools, e.g. send_message */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The tool arguments, as in tools/call */
                    params?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The tool's result: the success body of its REST operation (see each operation's x-mcp-tool) */
            200: {
                headers: {
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        result: components["schemas"]["CreateApiKeyResponse"] | components["schemas"]["GetOnboardingStatusResponse"] | components["schemas"]["SendTestSmsResponse"] | components["schemas"]["CreateFundingInvoiceResponse"] | components["schemas"]["GetFundingInvoiceResponse"] | components["schemas"]["SubmitBrandedRequestResponse"] | components["schemas"]["ProvisionDedicatedNumberResponse"] | components["schemas"]["CreateTokenResponse"] | components["schemas"]["ListTokensResponse"] | components["schemas"]["RevokeTokenResponse"] | components["schemas"]["ListNumbersResponse"] | components["schemas"]["CreateNumberResponse"] | components["schemas"]["SearchAvailableNumbersResponse"] | components["schemas"]["GetNumberResponse"] | components["schemas"]["UpdateNumberResponse"] | components["schemas"]["ReleaseNumberResponse"] | components["schemas"]["CreateTollFreeVerificationResponse"] | components["schemas"]["CreateBrandResponse"] | components["schemas"]["UpdateBrandResponse"] | components["schemas"]["ListBrandsResponse"] | components["schemas"]["GetBrandResponse"] | components["schemas"]["CreateUseCaseResponse"] | components["schemas"]["UpdateUseCaseResponse"] | components["schemas"]["ListUseCasesResponse"] | components["schemas"]["GetUseCaseResponse"] | components["schemas"]["AssignUseCaseNumberResponse"] | components["schemas"]["UnassignUseCaseNumberResponse"] | components["schemas"]["CreateMessageResponse"] | components["schemas"]["SendMessageBatchResponse"] | components["schemas"]["GetMessageResponse"] | components["schemas"]["ListMessagesResponse"] | components["schemas"]["GetMessageTimelineResponse"] | components["schemas"]["CancelMessageResponse"] | components["schemas"]["PreviewMessageResponse"] | components["schemas"]["ListApprovalsResponse"] | components["schemas"]["ApproveApprovalResponse"] | components["schemas"]["RejectApprovalResponse"] | components["schemas"]["ListSenderPoolsResponse"] | components["schemas"]["CreateSenderPoolResponse"] | components["schemas"]["GetSenderPoolResponse"] | components["schemas"]["UpdateSenderPoolResponse"] | components["schemas"]["DeleteSenderPoolResponse"] | components["schemas"]["GetQueueResponse"] | components["schemas"]["ListMcpOAuthClientsResponse"] | components["schemas"]["RevokeMcpOAuthClientResponse"] | components["schemas"]["ListWebhookEndpointsResponse"] | components["schemas"]["CreateWebhookEndpointResponse"] | components["schemas"]["GetWebhookEndpointResponse"] | components["schemas"]["UpdateWebhookEndpointResponse"] | components["schemas"]["DeleteWebhookEndpointResponse"] | components["schemas"]["GetWebhookEndpointSecretResponse"] | components["schemas"]["RotateWebhookEndpointSecretResponse"] | components["schemas"]["SendTestWebhookResponse"] | components["schemas"]["RecoverWebhookEndpointResponse"] | components["schemas"]["GetWebhookEndpointStatsResponse"] | components["schemas"]["ListWebhookDeliveriesResponse"] | components["schemas"]["GetWebhookDeliveryResponse"] | components["schemas"]["ReplayWebhookDeliveryResponse"] | components["schemas"]["ListCampaignsResponse"] | components["schemas"]["CreateCampaignResponse"] | components["schemas"]["GetCampaignResponse"] | components["schemas"]["UpdateCampaignResponse"] | components["schemas"]["ActivateCampaignResponse"] | components["schemas"]["PauseCampaignResponse"] | components["schemas"]["ArchiveCampaignResponse"] | components["schemas"]["AddCampaignStageResponse"] | components["schemas"]["EnrollInCampaignResponse"] | components["schemas"]["ListCampaignEnrollmentsResponse"] | components["schemas"]["ListCampaignSuppressionsResponse"] | components["schemas"]["CreateCampaignSuppressionResponse"] | components["schemas"]["DeleteCampaignSuppressionResponse"] | components["schemas"]["ListTemplatesResponse"] | components["schemas"]["CreateTemplateResponse"] | components["schemas"]["GetTemplateResponse"] | components["schemas"]["UpdateTemplateResponse"] | components["schemas"]["DeleteTemplateResponse"] | components["schemas"]["ListSnippetsResponse"] | components["schemas"]["CreateSnippetResponse"] | components["schemas"]["UpdateSnippetResponse"] | components["schemas"]["ListContactListsResponse"] | components["schemas"]["CreateContactListResponse"] | components["schemas"]["AddContactListContactsResponse"] | components["schemas"]["ListConversationsResponse"] | components["schemas"]["GetConversationResponse"] | components["schemas"]["WaitForRepliesResponse"] | components["schemas"]["ListSuppressionsResponse"] | components["schemas"]["CheckSuppressionResponse"] | components["schemas"]["CreateSuppressionResponse"] | components["schemas"]["DeleteSuppressionResponse"] | components["schemas"]["GetBalanceResponse"] | components["schemas"]["ListLedgerEntriesResponse"] | components["schemas"]["GetUsageResponse"] | components["schemas"]["GetWorkspaceSettingsResponse"] | components["schemas"]["UpdateWorkspaceSettingsResponse"] | components["schemas"]["PaySandboxInvoiceResponse"] | components["schemas"]["ReceiveSandboxMessageResponse"] | components["schemas"]["ReportSandboxMessageResponse"] | components["schemas"]["ListSandboxRecipientsResponse"] | components["schemas"]["GetMessagingSettingResponse"] | components["schemas"]["UpdateMessagingSettingResponse"] | components["schemas"]["CreateConsentResponse"] | components["schemas"]["GetConsentResponse"] | components["schemas"]["GetLookupResponse"];
                    };
                };
            };
            /** @description invalid_json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InvalidJsonErrorDetail"];
                    };
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    /** @description Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description insufficient_balance, spend_limit_exceeded */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientBalanceError"] | {
                        error: components["schemas"]["SpendLimitExceededErrorDetail"];
                    };
                };
            };
            /** @description oauth_token_cannot_mint, workspace_suppressed, forbidden, unauthorized */
            403: {
                headers: {
                    /** @description Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["OauthTokenCannotMintErrorDetail"] | components["schemas"]["WorkspaceSuppressedErrorDetail"] | components["schemas"]["ForbiddenErrorDetail"] | components["schemas"]["UnauthorizedErrorDetail"];
                    };
                };
            };
            /** @description onchain_invoice_not_found, not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnchainInvoiceNotFoundError"] | {
                        error: components["schemas"]["NotFoundErrorDetail"];
                    };
                };
            };
            /** @description registration_not_rejected, idempotency_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["RegistrationNotRejectedErrorDetail"] | components["schemas"]["IdempotencyConflictErrorDetail"];
                    };
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["PayloadTooLargeErrorDetail"];
                    };
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["UnsupportedMediaTypeErrorDetail"];
                    };
                };
            };
            /** @description validation_failed, branded_number_missing, amount_below_minimum, dedicated_number_already_provisioned, number_unavailable, invalid_state, media_refused, destination_not_allowed, landline_destination, sender_number_not_found, sender_pool_not_found, sender_pool_empty, sender_not_registered, outside_allowed_hours, message_not_cancelable, approval_not_pending, suppression_not_removable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmountBelowMinimumError"] | {
                        error: components["schemas"]["ValidationFailedErrorDetail"] | components["schemas"]["BrandedNumberMissingErrorDetail"] | components["schemas"]["DedicatedNumberAlreadyProvisionedErrorDetail"] | components["schemas"]["NumberUnavailableErrorDetail"] | components["schemas"]["InvalidStateErrorDetail"] | components["schemas"]["MediaRefusedErrorDetail"] | components["schemas"]["DestinationNotAllowedErrorDetail"] | components["schemas"]["LandlineDestinationErrorDetail"] | components["schemas"]["SenderNumberNotFoundErrorDetail"] | components["schemas"]["SenderPoolNotFoundErrorDetail"] | components["schemas"]["SenderPoolEmptyErrorDetail"] | components["schemas"]["SenderNotRegisteredErrorDetail"] | components["schemas"]["OutsideAllowedHoursErrorDetail"] | components["schemas"]["MessageNotCancelableErrorDetail"] | components["schemas"]["ApprovalNotPendingErrorDetail"] | components["schemas"]["SuppressionNotRemovableErrorDetail"];
                    };
                };
            };
            /** @description message_send_rate_limited, suspected_sms_pumping, webhook_test_rate_limited, too_many_waits */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After": number;
                    /**
                     * @description The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.
                     * @example "burst";q=5;w=6
                     */
                    "RateLimit-Policy": string;
                    /**
                     * @description What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).
                     * @example "burst";r=4;t=2
                     */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageSendRateLimitedError"] | {
                        error: components["schemas"]["SuspectedSmsPumpingErrorDetail"] | components["schemas"]["WebhookTestRateLimitedErrorDetail"] | components["schemas"]["TooManyWaitsErrorDetail"];
                    };
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["InternalErrorErrorDetail"];
                    };
                };
            };
            /** @description service_unavailable, provider_unavailable */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying; the same as retry_after_seconds in the body */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["ServiceUnavailableErrorDetail"] | components["schemas"]["ProviderUnavailableErrorDetail"];
                    };
                };
            };
            /** @description timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: components["schemas"]["TimeoutErrorDetail"];
                    };
                };
            };
        };
    };
    messageSentEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.sent",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "sequence": 2,
                 *         "occurred_at": "2026-01-01T12:00:00.000Z",
                 *         "message": {
                 *           "id": "msg_example0000000000000000",
                 *           "status": "sent",
                 *           "phone_number": "+14155550100",
                 *           "segments": 1,
                 *           "cost_cents": 2
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.sent";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Message id (msg_...) */
                            id: string;
                            /**
                             * @description The message status the event reports: sent, delivered or failed
                             * @enum {string}
                             */
                            status: "sent" | "delivered" | "failed";
                            /** @description Recipient, E.164 */
                            phone_number: string;
                            segments: number;
                            /** @description Debited at acceptance; refunded when the message failed */
                            cost_cents: number;
                            /** @description Why it failed (message.failed only) */
                            error_code?: string;
                            /** @description Whether and when sending again can work (message.failed only) */
                            retry?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageDeliveredEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.delivered",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "sequence": 3,
                 *         "occurred_at": "2026-01-01T12:00:00.000Z",
                 *         "message": {
                 *           "id": "msg_example0000000000000000",
                 *           "status": "delivered",
                 *           "phone_number": "+14155550100",
                 *           "segments": 1,
                 *           "cost_cents": 2
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.delivered";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Message id (msg_...) */
                            id: string;
                            /**
                             * @description The message status the event reports: sent, delivered or failed
                             * @enum {string}
                             */
                            status: "sent" | "delivered" | "failed";
                            /** @description Recipient, E.164 */
                            phone_number: string;
                            segments: number;
                            /** @description Debited at acceptance; refunded when the message failed */
                            cost_cents: number;
                            /** @description Why it failed (message.failed only) */
                            error_code?: string;
                            /** @description Whether and when sending again can work (message.failed only) */
                            retry?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.failed",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "sequence": 3,
                 *         "occurred_at": "2026-01-01T12:00:00.000Z",
                 *         "message": {
                 *           "id": "msg_example0000000000000000",
                 *           "status": "failed",
                 *           "phone_number": "+14155550100",
                 *           "segments": 1,
                 *           "cost_cents": 2,
                 *           "error_code": "carrier_rejected"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.failed";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Message id (msg_...) */
                            id: string;
                            /**
                             * @description The message status the event reports: sent, delivered or failed
                             * @enum {string}
                             */
                            status: "sent" | "delivered" | "failed";
                            /** @description Recipient, E.164 */
                            phone_number: string;
                            segments: number;
                            /** @description Debited at acceptance; refunded when the message failed */
                            cost_cents: number;
                            /** @description Why it failed (message.failed only) */
                            error_code?: string;
                            /** @description Whether and when sending again can work (message.failed only) */
                            retry?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageReceivedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.received",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "sequence": 1,
                 *         "occurred_at": "2026-01-01T12:00:00.000Z",
                 *         "message": {
                 *           "id": "inb_example0000000000000000",
                 *           "from": "+14155550100",
                 *           "to": "+14155550199",
                 *           "body": "Here is the photo",
                 *           "media_urls": [
                 *             "https://media.example.com/photo.jpg"
                 *           ],
                 *           "conversation_id": "cnv_example0000000000000000",
                 *           "received_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.received";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        message: {
                            /** @description Inbound message id (inb_...) */
                            id: string;
                            /** @description Sender, E.164 */
                            from: string;
                            /** @description Your number that received it, E.164 */
                            to: string;
                            /** @description The text; empty for an MMS of media alone */
                            body: string;
                            /** @description The media of an MMS, each URL as the carrier gave it (empty for an SMS); absent from events recorded before inbound media was kept */
                            media_urls?: string[];
                            conversation_id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            received_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageApprovalRequestedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.approval_requested",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "sequence": 1,
                 *         "occurred_at": "2026-01-01T12:00:00.000Z",
                 *         "approval": {
                 *           "id": "apr_example0000000000000000",
                 *           "status": "pending",
                 *           "expires_at": "2026-01-01T13:00:00.000Z",
                 *           "approval_url": "https://sms.example.com/console/approvals",
                 *           "message": {
                 *             "id": "msg_example0000000000000000",
                 *             "status": "pending_approval",
                 *             "phone_number": "+14155550100",
                 *             "segments": 1,
                 *             "cost_cents": 2,
                 *             "body": "Your order shipped"
                 *           },
                 *           "requested_by": {
                 *             "token_id": "tok_example0000000000000000",
                 *             "name": "support agent",
                 *             "approval": {
                 *               "required_for": "all_sends"
                 *             }
                 *           },
                 *           "created_at": "2026-01-01T12:00:00.000Z",
                 *           "resolved_at": null,
                 *           "resolved_by": null
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.approval_requested";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        /** @description The approval: on message.approval_requested pending, with where a person approves it (approval_url); on message.approval_resolved approved, rejected, expired or canceled (the send canceled), with resolved_by */
                        approval: {
                            id: string;
                            /**
                             * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                            /**
                             * Format: date-time
                             * @description When a pending approval expires: the message is then canceled and refunded
                             */
                            expires_at: string;
                            /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                            approval_url: string;
                            message: {
                                id: string;
                                /**
                                 * @description pending_approval while it waits; queued or scheduled once approved; canceled
                                 * @enum {string}
                                 */
                                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                                /** @description The recipient */
                                phone_number: string;
                                body: string;
                                segments: number;
                                /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                                cost_cents: number;
                            };
                            requested_by: {
                                /** @description The token that made the send */
                                token_id: string;
                                /** @description The token's name */
                                name: string | null;
                                /** @description The rule that held the send */
                                approval: ({
                                    /**
                                     * @description Sends to a number the workspace has not messaged before
                                     * @constant
                                     */
                                    required_for: "new_recipients";
                                } | {
                                    /**
                                     * @description Every send
                                     * @constant
                                     */
                                    required_for: "all_sends";
                                } | {
                                    /**
                                     * @description Sends that cost more than threshold_cents
                                     * @constant
                                     */
                                    required_for: "over_cents";
                                    threshold_cents: number;
                                }) | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /** @description When it was approved, rejected, expired or canceled; null while pending */
                            resolved_at: string | null;
                            /** @description Who resolved it; null while pending */
                            resolved_by: {
                                /** @enum {string} */
                                kind: "console" | "token" | "expiry";
                                /** @description The token that approved or rejected it; null for the console and the expiry */
                                token_id: string | null;
                                /** @description The token's name, or Console; null for the expiry */
                                name: string | null;
                            } | null;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageApprovalResolvedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.approval_resolved",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "sequence": 2,
                 *         "occurred_at": "2026-01-01T12:00:00.000Z",
                 *         "approval": {
                 *           "id": "apr_example0000000000000000",
                 *           "status": "approved",
                 *           "expires_at": "2026-01-01T13:00:00.000Z",
                 *           "approval_url": "https://sms.example.com/console/approvals",
                 *           "message": {
                 *             "id": "msg_example0000000000000000",
                 *             "status": "queued",
                 *             "phone_number": "+14155550100",
                 *             "segments": 1,
                 *             "cost_cents": 2,
                 *             "body": "Your order shipped"
                 *           },
                 *           "requested_by": {
                 *             "token_id": "tok_example0000000000000000",
                 *             "name": "support agent",
                 *             "approval": {
                 *               "required_for": "all_sends"
                 *             }
                 *           },
                 *           "created_at": "2026-01-01T12:00:00.000Z",
                 *           "resolved_at": "2026-01-01T12:00:00.000Z",
                 *           "resolved_by": {
                 *             "kind": "console",
                 *             "token_id": null,
                 *             "name": "Console"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.approval_resolved";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description This event's place among the events of its message: 1, 2, ... in the order they happened; keep the highest */
                        sequence?: number;
                        /**
                         * Format: date-time
                         * @description When it happened: the carrier's own time of its report when it gives one, else when Textline recorded it
                         */
                        occurred_at?: string;
                        /** @description The approval: on message.approval_requested pending, with where a person approves it (approval_url); on message.approval_resolved approved, rejected, expired or canceled (the send canceled), with resolved_by */
                        approval: {
                            id: string;
                            /**
                             * @description pending until approved (the message is dispatched), rejected, expired or canceled (refunded)
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "rejected" | "expired" | "canceled";
                            /**
                             * Format: date-time
                             * @description When a pending approval expires: the message is then canceled and refunded
                             */
                            expires_at: string;
                            /** @description The console page where the workspace's owner approves or rejects it (absolute when the server knows its public URL) */
                            approval_url: string;
                            message: {
                                id: string;
                                /**
                                 * @description pending_approval while it waits; queued or scheduled once approved; canceled
                                 * @enum {string}
                                 */
                                status: "pending_approval" | "scheduled" | "queued" | "sending" | "sent" | "delivered" | "failed" | "canceled" | "received";
                                /** @description The recipient */
                                phone_number: string;
                                body: string;
                                segments: number;
                                /** @description Debited when the send was accepted; refunded when rejected, expired or canceled */
                                cost_cents: number;
                            };
                            requested_by: {
                                /** @description The token that made the send */
                                token_id: string;
                                /** @description The token's name */
                                name: string | null;
                                /** @description The rule that held the send */
                                approval: ({
                                    /**
                                     * @description Sends to a number the workspace has not messaged before
                                     * @constant
                                     */
                                    required_for: "new_recipients";
                                } | {
                                    /**
                                     * @description Every send
                                     * @constant
                                     */
                                    required_for: "all_sends";
                                } | {
                                    /**
                                     * @description Sends that cost more than threshold_cents
                                     * @constant
                                     */
                                    required_for: "over_cents";
                                    threshold_cents: number;
                                }) | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /** @description When it was approved, rejected, expired or canceled; null while pending */
                            resolved_at: string | null;
                            /** @description Who resolved it; null while pending */
                            resolved_by: {
                                /** @enum {string} */
                                kind: "console" | "token" | "expiry";
                                /** @description The token that approved or rejected it; null for the console and the expiry */
                                token_id: string | null;
                                /** @description The token's name, or Console; null for the expiry */
                                name: string | null;
                            } | null;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageLinkClickedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "message.link_clicked",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "message_id": "msg_example0000000000000000",
                 *         "url": "https://example.com/menu",
                 *         "clicked_at": "2026-01-01T12:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "message.link_clicked";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        /** @description The message whose tracked link was clicked */
                        message_id: string;
                        /** @description The URL the link redirects to */
                        url: string;
                        /**
                         * Format: date-time
                         * @description When it was first clicked
                         */
                        clicked_at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    conversationCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "conversation.created",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "conversation": {
                 *           "id": "cnv_example0000000000000000",
                 *           "phone_number": "+14155550100",
                 *           "sender_number": "+14155550199",
                 *           "last_message_at": "2026-01-01T12:00:00.000Z",
                 *           "created_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "conversation.created";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        conversation: {
                            /** @description Conversation id (cnv_...) */
                            id: string;
                            /** @description The other party, E.164 */
                            phone_number: string;
                            /** @description Your number in the conversation, E.164 */
                            sender_number: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            last_message_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    conversationUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "conversation.updated",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "conversation": {
                 *           "id": "cnv_example0000000000000000",
                 *           "phone_number": "+14155550100",
                 *           "sender_number": "+14155550199",
                 *           "last_message_at": "2026-01-01T12:00:00.000Z",
                 *           "created_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "conversation.updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        conversation: {
                            /** @description Conversation id (cnv_...) */
                            id: string;
                            /** @description The other party, E.164 */
                            phone_number: string;
                            /** @description Your number in the conversation, E.164 */
                            sender_number: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            last_message_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    optOutCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "opt_out.created",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "opt_out": {
                 *           "phone_number": "+14155550100",
                 *           "source": "inbound_keyword",
                 *           "provider": "sandbox",
                 *           "reason": "keyword STOP",
                 *           "created_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "opt_out.created";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        opt_out: {
                            /** @description The number that opted out, E.164; every send to it is refused */
                            phone_number: string;
                            /**
                             * @description provider_event (the carrier reported it), inbound_keyword (a STOP-family reply), manual or operator
                             * @enum {string}
                             */
                            source: "provider_event" | "inbound_keyword" | "manual" | "operator";
                            /** @description The carrier that reported it, if one did */
                            provider: string | null;
                            reason: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    brandUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "brand.updated",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "brand": {
                 *           "id": "brd_example0000000000000000",
                 *           "legal_name": "Example Dental LLC",
                 *           "country": "US",
                 *           "tax_id": "12-3456789",
                 *           "entity_type": "private_company",
                 *           "vertical": "healthcare",
                 *           "website": "https://example.com",
                 *           "support_email": "support@example.com",
                 *           "support_phone": "+14155550123",
                 *           "status": "verified",
                 *           "rejection_reasons": [],
                 *           "sandbox": false,
                 *           "created_at": "2026-01-01T12:00:00.000Z",
                 *           "updated_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "brand.updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        brand: {
                            id: string;
                            legal_name: string;
                            /** @description ISO 3166-1 alpha-2 country of registration */
                            country: string;
                            /** @description The tax number (EIN in the US) */
                            tax_id: string;
                            /** @enum {string} */
                            entity_type: "private_company" | "public_company" | "non_profit" | "government" | "sole_proprietor";
                            /** @enum {string} */
                            vertical: "agriculture" | "communication" | "construction" | "education" | "energy" | "entertainment" | "financial" | "gambling" | "government" | "healthcare" | "hospitality" | "human_resources" | "insurance" | "legal" | "manufacturing" | "ngo" | "political" | "postal" | "professional" | "real_estate" | "retail" | "technology" | "transportation";
                            website: string;
                            support_email: string;
                            support_phone: string;
                            /**
                             * @description pending while the carriers check it (brand.updated reports the decision), then verified or rejected
                             * @enum {string}
                             */
                            status: "pending" | "verified" | "rejected";
                            /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                            rejection_reasons: {
                                /** @description A stable name for the reason, e.g. tax_id_mismatch */
                                code: string;
                                /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                                field: string | null;
                                message: string;
                                /** @description What to do, naming the route and the MCP tool */
                                fix: string;
                            }[];
                            /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                            sandbox: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    useCaseUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "use_case.updated",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "use_case": {
                 *           "id": "ucs_example0000000000000000",
                 *           "brand_id": "brd_example0000000000000000",
                 *           "use_case": "account_notifications",
                 *           "description": "Appointment reminders and changes for patients who booked online.",
                 *           "sample_messages": [
                 *             "Example Dental: your cleaning is tomorrow at 9:00. Reply C to confirm. Reply STOP to opt out.",
                 *             "Example Dental: your appointment moved to Friday 10:30. Reply HELP for help, STOP to opt out."
                 *           ],
                 *           "message_flow": "Patients tick an unchecked box for text reminders on the booking form at https://example.com/book.",
                 *           "help_message": "Example Dental: call +14155550123 or write support@example.com. Reply STOP to opt out.",
                 *           "opt_out_message": "Example Dental: you will get no more texts. Reply START to opt back in.",
                 *           "has_links": false,
                 *           "has_phone_numbers": true,
                 *           "status": "approved",
                 *           "rejection_reasons": [],
                 *           "throughput": {
                 *             "messages_per_minute": 4500,
                 *             "daily_cap": null
                 *           },
                 *           "sandbox": false,
                 *           "created_at": "2026-01-01T12:00:00.000Z",
                 *           "updated_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "use_case.updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        use_case: {
                            id: string;
                            brand_id: string;
                            /** @enum {string} */
                            use_case: "two_factor_auth" | "account_notifications" | "customer_care" | "delivery_notifications" | "fraud_alerts" | "higher_education" | "low_volume_mixed" | "marketing" | "mixed" | "polling_voting" | "public_service_announcement" | "security_alerts";
                            description: string;
                            sample_messages: string[];
                            /** @description How recipients consent to the messages */
                            message_flow: string;
                            help_message: string;
                            opt_out_message: string;
                            has_links: boolean;
                            has_phone_numbers: boolean;
                            /**
                             * @description pending while the carriers review it (use_case.updated reports the decision), then approved or rejected
                             * @enum {string}
                             */
                            status: "pending" | "approved" | "rejected";
                            /** @description Why the carriers rejected it, each naming the field to correct; empty unless rejected */
                            rejection_reasons: {
                                /** @description A stable name for the reason, e.g. tax_id_mismatch */
                                code: string;
                                /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                                field: string | null;
                                message: string;
                                /** @description What to do, naming the route and the MCP tool */
                                fix: string;
                            }[];
                            throughput: {
                                /** @description How many messages a minute the carriers take from its numbers */
                                messages_per_minute: number;
                                /** @description How many messages a day the carriers take, where they set a limit; null when none */
                                daily_cap: number | null;
                            } | null;
                            /** @description true for the one the sandbox carrier registers itself for the numbers it sells pre-approved */
                            sandbox: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            updated_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    numberRegistrationUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every retry and replay: deduplicate on it */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse ones far from your clock */
                "webhook-timestamp": string;
                /** @description Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's whsec_ secret (two during a rotation); verify with any Standard Webhooks library */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_example0000000000000000",
                 *       "type": "number.registration_updated",
                 *       "created_at": "2026-01-01T12:00:00.000Z",
                 *       "data": {
                 *         "number": {
                 *           "id": "pn_example0000000000000000",
                 *           "number": "+14155550199",
                 *           "friendly_name": "+14155550199",
                 *           "status": "connected",
                 *           "compliance_status": "approved",
                 *           "type": "local",
                 *           "registration": {
                 *             "status": "approved",
                 *             "use_case_id": "ucs_example0000000000000000",
                 *             "reasons": []
                 *           },
                 *           "dedicated": false,
                 *           "throughput_per_second": 75,
                 *           "health": {
                 *             "status": "healthy",
                 *             "recent_errors": 0,
                 *             "first_error_at": null,
                 *             "failing_until": null
                 *           },
                 *           "created_at": "2026-01-01T12:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event id; the same on every attempt and replay (use it to deduplicate) */
                    id: string;
                    /** @constant */
                    type: "number.registration_updated";
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    created_at: string;
                    data: {
                        number: {
                            id: string;
                            /** @description The phone number in E.164 format */
                            number: string;
                            /** @description Your label for the number; the number itself unless you set one */
                            friendly_name: string;
                            /**
                             * @description connected when the number can send; releasing while the provider takes it back; released once given back (it never sends again)
                             * @enum {string}
                             */
                            status: "connected" | "releasing" | "released";
                            /**
                             * @description approved once registration.status is approved, else pending (registration has the details)
                             * @enum {string}
                             */
                            compliance_status: "pending" | "approved";
                            /**
                             * @description local (a 10DLC long code) or toll_free
                             * @enum {string}
                             */
                            type: "local" | "toll_free";
                            /** @description The carrier registration of the traffic from this number. With a real carrier a send to a US number from a number whose registration is not approved is refused (422 sender_not_registered). */
                            registration: {
                                /**
                                 * @description approved when the carriers accept traffic from the number; pending while its use case or toll-free verification is decided; rejected with reasons; unregistered when it has neither
                                 * @enum {string}
                                 */
                                status: "unregistered" | "pending" | "approved" | "rejected";
                                /** @description The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number */
                                use_case_id: string | null;
                                /** @description Why the registration was rejected; empty otherwise */
                                reasons: {
                                    /** @description A stable name for the reason, e.g. tax_id_mismatch */
                                    code: string;
                                    /** @description The field of the submission to correct, e.g. tax_id; null when none is named */
                                    field: string | null;
                                    message: string;
                                    /** @description What to do, naming the route and the MCP tool */
                                    fix: string;
                                }[];
                            };
                            /** @description true for the number provisioned through the branded (dedicated-number) request */
                            dedicated: boolean;
                            /** @description Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting */
                            throughput_per_second: number;
                            /** @description The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover) */
                            health: {
                                /**
                                 * @description failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS (sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting messages to a healthy number until failing_until; healthy otherwise
                                 * @enum {string}
                                 */
                                status: "healthy" | "failing";
                                /** @description Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window has passed or a delivery from it ended the run */
                                recent_errors: number;
                                /** @description When the current run of errors began; null when recent_errors is 0 */
                                first_error_at: string | null;
                                /** @description While failing, when it becomes a sender again; null when healthy */
                                failing_until: string | null;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC timestamp
                             */
                            created_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer, or none within 15 s, is retried */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
