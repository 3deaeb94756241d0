import { z } from "zod";
import { createApiKey } from "../../../server/auth/create-api-key";
import { parseFlags, parseInstant, parseScopes, required } from "../args";
import type { Command } from "../command";
import { requireOrganization } from "../lookups";
import { validateFlags } from "../usage-error";

const options = {
  org: { type: "string" },
  name: { type: "string" },
  scopes: { type: "string" },
  "expires-at": { type: "string" },
} as const;

const nameSchema = z.object({ name: z.string().trim().min(1).max(100) });

export const keyCreate: Command = {
  name: "key create",
  usage: "key create --org ORG [--name NAME] [--scopes SCOPE,SCOPE…|all] [--expires-at ISO-8601]",
  prepare(args) {
    const flags = parseFlags("key create", args, options);
    const org = required(flags.org, "--org");
    const { name } = validateFlags(nameSchema, { name: flags.name ?? "CLI key" });
    const scopes = parseScopes(flags.scopes);
    const expiresAtFlag = flags["expires-at"];
    const expiresAt = expiresAtFlag === undefined ? null : parseInstant(expiresAtFlag, "--expires-at");
    return async (db) => {
      const organization = await requireOrganization(db, org);
      const { apiKey, key } = await createApiKey(db, { organizationId: organization.id, name, scopes, expiresAt });
      return { id: apiKey.id, key };
    };
  },
};
