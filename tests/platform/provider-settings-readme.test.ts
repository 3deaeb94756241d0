import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GOOGLE_SCOPES } from "../../server/calendar/google-settings";
import { CALENDAR_PUSH_PATH } from "../../server/calendar/sync/push-address";
import { META_TOKEN_PERMISSIONS, META_WEBHOOK_FIELDS, WHATSAPP_WEBHOOK_PATH } from "../../server/messaging/whatsapp-settings";
import { META_LEADS_PERMISSIONS, META_LEADS_WEBHOOK_FIELD, META_LEADS_WEBHOOK_PATH } from "../../server/lead-sources/meta-leads-settings";

/**
 * The README's provider sections tell an operator exactly which Google and
 * Meta app settings inmo needs; the lists there must be the lists the code
 * uses, read from the one place each is defined.
 */
const readme = readFileSync(path.resolve(import.meta.dirname, "..", "..", "README.md"), "utf8");

function listBetween(marker: string): string[] {
  const start = readme.indexOf(`<!-- ${marker}:start -->`);
  const end = readme.indexOf(`<!-- ${marker}:end -->`);
  expect(start, `README has no ${marker} list`).toBeGreaterThan(-1);
  return [...readme.slice(start, end).matchAll(/^\s*- `([^`]+)`\s*$/gm)].map((match) => match[1]!);
}

describe("README provider sections", () => {
  it("Google: the OAuth consent screen scopes are exactly the scopes the connect flow asks for", () => {
    expect(listBetween("google-scopes")).toEqual([...GOOGLE_SCOPES]);
  });

  it("Google: names the redirect URI and the push notification path the app serves", () => {
    expect(readme).toContain("/profile/calendar/callback");
    expect(readme).toContain(CALENDAR_PUSH_PATH);
  });

  it("Meta: the webhook fields to subscribe and the token's permissions are the ones the code uses", () => {
    expect(listBetween("meta-webhook-fields")).toEqual([...META_WEBHOOK_FIELDS]);
    expect(listBetween("meta-permissions")).toEqual([...META_TOKEN_PERMISSIONS]);
    expect(readme).toContain(WHATSAPP_WEBHOOK_PATH);
  });

  it("Meta Lead Ads: the Page webhook field and the page token's permissions are the ones the code uses", () => {
    expect(listBetween("meta-leads-fields")).toEqual([META_LEADS_WEBHOOK_FIELD]);
    expect(listBetween("meta-leads-permissions")).toEqual([...META_LEADS_PERMISSIONS]);
    expect(readme).toContain(META_LEADS_WEBHOOK_PATH);
  });
});
