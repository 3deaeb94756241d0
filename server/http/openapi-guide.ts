/**
 * The "Getting started" guide at the top of the OpenAPI document: the
 * reference page at /docs/api renders it as its introduction, and tools that
 * import the document (Postman, Insomnia, a platform's builder) show it too.
 * Markdown; `{origin}` is the public origin the document is served for.
 */
const GUIDE = `
The public REST API of inmo, a multi-tenant CRM for real-estate sales teams: leads, projects and units, pipeline stages,
members, webhooks and messaging, for automation platforms, ad-platform lead forms and scripts.

## Getting started

1. **Create an API key.** In the dashboard, open **Settings → API keys** (owners and admins), name the key, pick the scopes it
   needs (for example \`leads:read\` and \`leads:write\`), and copy it: it is shown once. Keys look like \`svc_k_\` followed by
   32 hex characters; only their SHA-256 digest is stored.
2. **Make your first call.** Every request except \`GET /health\` sends the key as a bearer token:

   \`\`\`bash
   curl {origin}/api/v1/me -H "Authorization: Bearer svc_k_0123456789abcdef0123456789abcdef"
   \`\`\`

   The answer names the organization the key belongs to and the scopes it carries. The key decides the organization: no
   endpoint takes an organization id, and records of other organizations answer 404.
3. **Create a lead**, safely retryable with an \`Idempotency-Key\`:

   \`\`\`bash
   curl -X POST {origin}/api/v1/leads \\
     -H "Authorization: Bearer $INMO_KEY" -H "Content-Type: application/json" \\
     -H "Idempotency-Key: 5f0c2c1e-8d0b-4c39-9a57-2f1f4b7f9e21" \\
     -d '{"firstName": "Ana", "lastName": "García", "email": "ana@example.com", "source": "website"}'
   \`\`\`

## Rate limits

Per organization, three windows at once: **3 requests per second, 200 per minute, 50,000 per month**. The first window
exceeded answers **429** with \`Retry-After\` (seconds until that window resets). Successful and 429 answers carry:

| Header | Meaning |
|---|---|
| \`X-RateLimit-Limit\` | the per-minute ceiling |
| \`X-RateLimit-Remaining\` | requests left in the current minute (0 on a per-minute 429) |
| \`X-RateLimit-Reset\` | Unix time (seconds) when the minute window resets |
| \`X-RateLimit-Monthly-Remaining\` | requests left this month |

\`POST /whatsapp/send\` costs one monthly unit per message. \`GET /health\` is not limited.

## Errors

Every error is JSON, \`{"error": {"message": "…", "code": "…"}}\`; the status and the code always agree, and the message is in the
organization's language (English or Spanish).

| Status | Code | Meaning |
|---|---|---|
| 400 | \`BAD_REQUEST\` | malformed request or a business rule (the message says which) |
| 400 | \`VALIDATION_ERROR\` | fields failed validation: \`path: reason\` joined by \`; \` |
| 401 | \`UNAUTHORIZED\` | bearer missing, malformed, unknown or expired |
| 403 | \`FORBIDDEN\` | missing scope, revoked or expired key, disabled app, plan limit |
| 404 | \`NOT_FOUND\` | no such record in your organization |
| 409 | \`CONFLICT\` | the record changed under you, or an \`Idempotency-Key\` request is still running |
| 429 | \`BAD_REQUEST\` | rate limit exceeded, see \`Retry-After\` |
| 500 | \`INTERNAL_ERROR\` | unexpected failure: retry after a short backoff |

## Retries and idempotency

5xx and 429 answers are safe to retry with exponential backoff, capped by \`Retry-After\` when present; other 4xx answers
must not be retried unchanged. \`POST /webhooks/subscriptions\` is idempotent by \`external_id\`.

**Every \`POST\` accepts an \`Idempotency-Key\` header** (1..255 printable ASCII characters; a UUID per intended request).
Sent again with the same method, path and body within 24 hours, the request is not run again: you get the first
successful answer with \`Idempotent-Replayed: true\`. The same key with a different request is 400 \`BAD_REQUEST\`; a retry
that arrives while the first request still runs waits for its answer. Errors are not kept, so a retry after an error runs
again. Without the header, \`POST /leads\` is not idempotent and a blind retry after a network failure can create a duplicate;
**with it, \`POST /leads\` and every other write is safe to retry.**

## Webhooks

Subscribe a URL to an event type with \`POST /webhooks/subscriptions\` (scope \`webhooks:manage\`); the answer holds the
subscription's \`secret\`, shown once. \`GET /webhooks/samples/{event}\` returns a sample payload of each event type, for
building a zap or scenario before a real event happens. Deliveries are \`POST\`s with a JSON envelope (\`id\`, \`type\`,
\`createdAt\`, \`organization\`, \`data\`) and these headers: \`X-Service-Event\`, \`X-Service-Delivery\` (the same across
retries: use it to drop duplicates), \`X-Service-Source\` (\`ui\`, \`api\` or \`system\`: drop \`api\` if you write back, to avoid
loops) and \`X-Service-Signature\`: \`sha256=\` and the hex HMAC-SHA256 of the exact raw body, keyed with the secret. Verify
it over the raw bytes (re-serialized JSON signs differently), in constant time. Any 2xx acknowledges; failures are retried
after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours. Answer **410 Gone** to unsubscribe: the subscription is
deactivated at once. Every event type's body and headers are described in this document's \`webhooks\` section.

**Rotating the secret without downtime.** \`POST /webhooks/subscriptions/{id}/rotate-secret\` answers a new secret; for 24
hours every delivery carries the signatures of both secrets in \`X-Service-Signatures\` (space-separated \`sha256=<hex>\`
entries, the new secret's first; outside a rotation the one signature), while \`X-Service-Signature\` is the new secret's.
Check the list, accepting a delivery when any entry matches a secret you hold, and you can switch secrets whenever you
deploy. \`DELETE /webhooks/subscriptions/{id}/previous-secret\` ends the overlap early.

**Missed events.** \`GET /events\` (scope \`events:read\`) lists every event of the last 30 days with the bodies webhooks
carry, whether or not you subscribed; page forward with \`sortOrder=asc\` and \`cursor\`. \`POST
/webhooks/subscriptions/{id}/replay\` with \`{"since": …}\` delivers a subscription's events again (new delivery ids, the
original event ids).

Node.js (Express):

\`\`\`js
import crypto from "node:crypto";
import express from "express";

const app = express();
app.post("/inmo-webhook", express.raw({ type: "application/json" }), (req, res) => {
  const expected = "sha256=" + crypto.createHmac("sha256", process.env.INMO_WEBHOOK_SECRET).update(req.body).digest("hex");
  // Every valid signature (two while a secret rotation overlaps); X-Service-Signature alone is the newest secret's.
  const given = (req.get("X-Service-Signatures") ?? req.get("X-Service-Signature") ?? "").split(" ");
  const valid = given.some((one) => one.length === expected.length && crypto.timingSafeEqual(Buffer.from(one), Buffer.from(expected)));
  if (!valid) return res.sendStatus(401);
  const event = JSON.parse(req.body.toString("utf8"));
  console.log(event.type, event.data);
  res.sendStatus(204);
});
\`\`\`

Python (Flask):

\`\`\`python
import hashlib, hmac, os
from flask import Flask, request, abort

app = Flask(__name__)

@app.post("/inmo-webhook")
def inmo_webhook():
    body = request.get_data()  # the raw bytes, before any JSON parsing
    expected = "sha256=" + hmac.new(os.environ["INMO_WEBHOOK_SECRET"].encode(), body, hashlib.sha256).hexdigest()
    given = request.headers.get("X-Service-Signatures", request.headers.get("X-Service-Signature", "")).split(" ")
    if not any(hmac.compare_digest(one, expected) for one in given):
        abort(401)
    event = request.get_json()
    print(event["type"], event["data"])
    return "", 204
\`\`\`

## TypeScript client

\`@inmo/api-client\` is a typed client generated from this document (paths, parameters, bodies and answers checked by the
compiler) with \`verifyWebhookSignature\` for deliveries, including during a secret rotation. How to install and use it:
[{origin}/docs/api/client]({origin}/docs/api/client).

## AI agents (MCP)

An MCP server at \`{origin}/api/mcp\` (Streamable HTTP) offers every operation of this document as a tool (read, write or
destructive), listed and callable only as far as the token's scopes allow. MCP clients find the authorization server through
\`{origin}/.well-known/oauth-protected-resource/api/mcp\`, register at \`{origin}/oauth/register\` and connect with the code
flow and PKCE; an API key works too.

## OAuth 2.0 for platforms

Automation platforms connect on behalf of a user with the authorization code flow and PKCE (\`S256\`): send the user to
\`{origin}/oauth/authorize\` with \`response_type=code\`, your \`client_id\`, the exact registered \`redirect_uri\`, the
\`scope\`s you need, a \`state\` and a \`code_challenge\`; the user signs in, picks one of their organizations and allows. Exchange
the code at \`{origin}/oauth/token\` (\`client_secret_basic\` or \`client_secret_post\` for confidential clients), and refresh
there when the access token expires (refresh tokens rotate: keep the newest). Revoke with \`{origin}/oauth/revoke\`. An access
token behaves like an API key of the organization the user chose, limited to the granted scopes; users see and revoke
connected apps in **Settings → Connected apps**. To register a client, contact the operator of this inmo instance, or, for
your own organization's private client (a self-hosted n8n, say), use **Settings → Connected apps**.

## Terms

The API is provided under the terms of service of this inmo instance. Version 1 only grows: new endpoints, new optional
fields and new event types may appear, so ignore fields you do not know.
`;

export function apiGuide(origin: string): string {
  return GUIDE.trim().replaceAll("{origin}", origin);
}
