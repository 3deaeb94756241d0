import { setOAuthClientActive } from "../../../server/auth/set-oauth-client-active";
import { ApiError } from "../../../server/errors/api-error";
import { parseFlags, required } from "../args";
import type { Command } from "../command";

const options = { "client-id": { type: "string" } } as const;

function oauthClientSetActive(action: "enable" | "disable"): Command {
  const name = `oauth-client ${action}`;
  return {
    name,
    usage: `${name} --client-id CLIENT_ID`,
    prepare(args) {
      const clientId = required(parseFlags(name, args, options)["client-id"], "--client-id");
      const isActive = action === "enable";
      return async (db) => {
        if (!(await setOAuthClientActive(db, clientId, isActive))) throw ApiError.text("NOT_FOUND", `no OAuth client "${clientId}"`);
        return { clientId, isActive };
      };
    },
  };
}

/** Disabling a client refuses its tokens everywhere and deactivates the webhook subscriptions it manages. */
export const oauthClientDisable = oauthClientSetActive("disable");
export const oauthClientEnable = oauthClientSetActive("enable");
