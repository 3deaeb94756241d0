import { createOAuthClient, createOAuthClientInputSchema } from "../../../server/auth/oauth-clients";
import { parseFlags, required } from "../args";
import type { Command } from "../command";
import { validateFlags } from "../usage-error";

const options = {
  name: { type: "string" },
  disabled: { type: "boolean" },
} as const;

export const oauthClientCreate: Command = {
  name: "oauth-client create",
  usage: "oauth-client create --name NAME [--disabled]",
  prepare(args) {
    const flags = parseFlags("oauth-client create", args, options);
    const input = validateFlags(createOAuthClientInputSchema, {
      name: required(flags.name, "--name"),
      isActive: !flags.disabled,
    });
    return async (db) => {
      const client = await createOAuthClient(db, input);
      return { clientId: client.clientId };
    };
  },
};
