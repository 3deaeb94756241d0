import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS, findOAuthClientByClientId, issueOAuthAccessToken } from "../../../server/auth/oauth-clients";
import { ApiError } from "../../../server/errors/api-error";
import { oneOf, parseFlags, parseInstant, parseInteger, parseScopes, required } from "../args";
import type { Command } from "../command";
import { requireOrganization, requireUser } from "../lookups";

const options = {
  org: { type: "string" },
  unbound: { type: "boolean" },
  user: { type: "string" },
  client: { type: "string" },
  scopes: { type: "string" },
  "expires-in": { type: "string" },
  "expires-at": { type: "string" },
} as const;

const TEN_YEARS_SECONDS = 10 * 365 * 24 * 3600;

function tokenExpiry(expiresIn: string | undefined, expiresAt: string | undefined): Date {
  if (expiresAt !== undefined) return parseInstant(expiresAt, "--expires-at");
  const seconds =
    expiresIn === undefined
      ? DEFAULT_ACCESS_TOKEN_TTL_SECONDS
      : parseInteger(expiresIn, "--expires-in", { min: -TEN_YEARS_SECONDS, max: TEN_YEARS_SECONDS });
  return new Date(Date.now() + seconds * 1000);
}

/**
 * Issues an access token as if the user had connected the client. `--unbound`
 * issues a connection that was never bound to an organization, and
 * `--expires-in 0` (or a past `--expires-at`) an already expired one: both
 * exist so the refusals of the bearer check can be exercised.
 */
export const oauthTokenCreate: Command = {
  name: "oauth-token create",
  usage:
    "oauth-token create (--org ORG | --unbound) --user USER_ID|EMAIL --client CLIENT_ID [--scopes SCOPE,SCOPE…|all] " +
    "[--expires-in SECONDS | --expires-at ISO-8601]",
  prepare(args) {
    const flags = parseFlags("oauth-token create", args, options);
    oneOf({ "--org": flags.org, "--unbound": flags.unbound }, { atLeastOne: true });
    oneOf({ "--expires-in": flags["expires-in"], "--expires-at": flags["expires-at"] }, { atLeastOne: false });
    const user = required(flags.user, "--user");
    const clientId = required(flags.client, "--client");
    const scopes = parseScopes(flags.scopes);
    const expiresAt = tokenExpiry(flags["expires-in"], flags["expires-at"]);
    const org = flags.org;
    return async (db) => {
      const client = await findOAuthClientByClientId(db, clientId);
      if (!client) throw ApiError.text("NOT_FOUND", `no OAuth client with client id "${clientId}"`);
      const { id: userId } = await requireUser(db, user);
      const organizationId = org === undefined ? null : (await requireOrganization(db, org)).id;
      const { token } = await issueOAuthAccessToken(db, { oauthClientId: client.id, userId, organizationId, scopes, expiresAt });
      return { token };
    };
  },
};
