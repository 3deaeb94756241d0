/**
 * Decisions on points the contract leaves open ("not shown"), published in the
 * OpenAPI document's description. docs/decisions.md holds the reasoning.
 */
export const OPENAPI_DECISIONS: string[] = [
  "**CSV export.** `GET /leads/export` answers the leads `GET /leads` lists with the same filters and order as one streamed " +
    "`text/csv` download (columns in its description); cells a spreadsheet would run as a formula are prefixed with `'`, and each " +
    "export is recorded in the organization's lead access audit.",
  "**Errors.** Every failure answers `{\"error\": {\"message\", \"code\"}}`. Unknown paths answer 404 `NOT_FOUND`; a known path with " +
    "another method answers 405 `METHOD_NOT_ALLOWED` with an `Allow` header; malformed JSON, a non-JSON body or a body over 1 MB " +
    "answer 400 `BAD_REQUEST`. A write that collides with a record another request created at the same moment answers 409 " +
    "`CONFLICT` (or the operation's own documented answer, such as a taken email), and one whose record was deleted meanwhile " +
    "answers 404 `NOT_FOUND`. Messages are in the organization's language (en or es); validation reasons stay in English.",
  "**Rate limits.** Windows are fixed: the per-second and per-minute windows start at the first request after the previous window " +
    "ended; the month is the UTC calendar month. A refused request is not charged to any window. Organizations exempt from rate " +
    "limits and without custom ceilings receive no `X-RateLimit-*` headers; a custom ceiling set by an administrator replaces the " +
    "default of its window.",
  "**Scopes.** The full catalogue adds `messaging:send` (for `POST /whatsapp/send`), the read-only `usage:read` (for " +
    "`GET /usage`) and the read-only `events:read` (for the event journal, `GET /events`; owners and admins) to the scopes the " +
    "contract lists. Keys created in the dashboard start with `usage:read` and `events:read` selected.",
  "**Sandbox organizations.** An owner can make a sandbox copy of an organization (pipeline, routing pools, sample leads " +
    "and projects) in Settings. Its keys work exactly like live keys and its webhooks are delivered, with its own rate limits and " +
    "quota; it never sends WhatsApp messages, email or Google Calendar calls (403 `FORBIDDEN` saying so, nothing sent). `GET /me` " +
    "answers `organization.sandbox`, and every answer to a sandbox's credential carries `X-Service-Sandbox: true`.",
  "**MCP server.** AI agents connect to `/api/mcp` (Model Context Protocol, Streamable HTTP) with an OAuth access token (the " +
    "server's protected-resource metadata is at `/.well-known/oauth-protected-resource/api/mcp`; clients register themselves at " +
    "`/oauth/register`) or an API key. Every operation of this document is a tool (read, write or destructive), listed and callable " +
    "only when the token's scopes allow it, and run through this API with its limits, idempotency and events.",
  "**Event journal and replay.** Every event is recorded for 30 days whether or not a subscription wants it: `GET /events` " +
    "lists the bodies webhooks carry (same `evt_…` ids), and `POST /webhooks/subscriptions/{id}/replay` delivers a " +
    "subscription's events since a time again, as new deliveries of the original events. Use either to catch up after downtime.",
  "**Roles.** An OAuth access token acts as the person who connected the app, with that person's current role in the " +
    "organization (owner, admin or member): an operation marked for owners and admins (`x-required-roles`; routing pool and " +
    "call-sequence changes, webhooks) answers a member's token 403 `FORBIDDEN` whatever its scopes, and a token keeps of its " +
    "granted scopes only those the role may hold (members never hold `webhooks:manage`, `round-robin:write` or " +
    "`sequences:write`). When the person's role changes, tokens carrying more are revoked and the next refresh answers the " +
    "narrowed `scope`. API keys have no role: their scopes alone decide.",
  "**Lead visibility.** An organization may let its members see only their own leads (a setting owners and admins choose in " +
    "the dashboard; by default every member sees every lead). Then an OAuth token acts as its person: a member's token sees the " +
    "leads assigned to them, the unassigned leads of their round-robin pools and, for a team lead, their team's; owners' and " +
    "admins' tokens, and API keys, see every lead. A lead out of sight is a missing one on every operation (404 `NOT_FOUND`, " +
    "the message of a missing lead, nothing written), lists and searches leave it out, and `pagination.total` counts only " +
    "the leads the caller sees.",
  "**Messaging.** Besides `POST /whatsapp/send` the API offers `GET /whatsapp/senders` and `GET /whatsapp/messages/{messageId}` " +
    "(delivery status), all with `messaging:send`. Failures caused by WhatsApp use three codes the contract does not list: 502 " +
    "`BAD_GATEWAY` and 503 `SERVICE_UNAVAILABLE` (with `Retry-After`) mean nothing was sent and the request may be retried; 504 " +
    "`GATEWAY_TIMEOUT` means WhatsApp did not answer in time and the message may have been sent. A refused send records nothing.",
  "**Idempotency-Key.** Every `POST` accepts an `Idempotency-Key` header (1..255 printable ASCII characters). The first " +
    "successful answer is kept for 24 hours per credential and key (an API key, or one app's tokens for one person; " +
    "another credential of the organization sending the same key runs its own request); a retry with the same key, method, path and body gets it " +
    "again with `Idempotent-Replayed: true` and runs nothing (it still counts as a request for the rate limits). The same key " +
    "with another request answers 400 `BAD_REQUEST`; a retry arriving while the first is still running waits for its answer " +
    "(409 `CONFLICT` with `Retry-After` after 15 s). Errors are not kept: nothing was written, so a retry runs again. With " +
    "the header, `POST /leads` (and every other write) is safe to retry after a network failure.",
  "**Lead changes.** A change to a lead has the same timeline entries and events whichever door or screen makes it (the " +
    "dashboard's edit dialog and pipeline board, `PUT /leads/{leadId}`, `POST /round-robin/assign`, a member's leads " +
    "handed over, the do-not-call toggle or call outcome): `lead.updated` with `changes` on every accepted change, plus " +
    "`lead.stage_changed`, `lead.won`/`lead.lost`, `lead.assigned`/`lead.unassigned` as the change requires. `lead.assigned` " +
    "has `autoAssigned: true` exactly when a round-robin pool chose the member. Timeline entries are by whoever asked " +
    "(member, API key, or System for the service's own work); an assignment a pool chose reads \"Assigned to … by round robin\".",
  "**OAuth.** Access tokens come from the authorization server described at `/.well-known/oauth-authorization-server` (RFC 8414): " +
    "`/oauth/authorize` (code flow, PKCE S256, consent with an organization picker), `/oauth/token` (authorization_code, " +
    "refresh_token with rotation) and `/oauth/revoke` (RFC 7009). Access tokens last one hour and answer 401 once expired; refresh " +
    "on 401. Refresh tokens do not expire, rotate on each use and stay valid 60 s after rotation; a later reuse revokes the " +
    "connection. A member removed from the organization answers 403 (the contract's inactive credential). These endpoints answer " +
    "RFC 6749 errors, not this document's envelope.",
];
