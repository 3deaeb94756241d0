import { registerOAuthClient, registerOAuthClientInputSchema } from "../../../server/oauth/register-client";
import { parseFlags, required } from "../args";
import type { Command } from "../command";
import { requireOrganization } from "../lookups";
import { validateFlags } from "../usage-error";

const options = {
  name: { type: "string" },
  "redirect-uri": { type: "string", multiple: true },
  public: { type: "boolean" },
  "logo-url": { type: "string" },
  org: { type: "string" },
  disabled: { type: "boolean" },
} as const;

/**
 * Registers a connected app (an automation platform's OAuth client). A
 * confidential client's secret is printed once and stored as a digest; a
 * `--public` client has none and must use PKCE. `--org` makes the app private
 * to one organization (only its members can connect it).
 */
export const oauthClientCreate: Command = {
  name: "oauth-client create",
  usage: "oauth-client create --name NAME --redirect-uri URI [--redirect-uri URI…] [--public] [--logo-url HTTPS_URL] [--org ORG] [--disabled]",
  prepare(args) {
    const flags = parseFlags("oauth-client create", args, options);
    const input = validateFlags(registerOAuthClientInputSchema.omit({ organizationId: true }), {
      name: required(flags.name, "--name"),
      redirectUris: required(flags["redirect-uri"], "--redirect-uri"),
      isPublic: flags.public ?? false,
      logoUrl: flags["logo-url"] ?? null,
      isActive: !flags.disabled,
    });
    const org = flags.org;
    return async (db) => {
      const organizationId = org === undefined ? null : (await requireOrganization(db, org)).id;
      const { client, clientSecret } = await registerOAuthClient(db, { ...input, organizationId });
      return {
        clientId: client.clientId,
        ...(clientSecret === null ? {} : { clientSecret }),
        isPublic: client.isPublic,
        redirectUris: client.redirectUris,
        organizationId: client.organizationId,
      };
    };
  },
};
