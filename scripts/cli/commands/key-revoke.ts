import { revokeApiKey } from "../../../server/auth/revoke-api-key";
import { ApiError } from "../../../server/errors/api-error";
import { parseFlags, required } from "../args";
import type { Command } from "../command";

const options = { id: { type: "string" } } as const;

export const keyRevoke: Command = {
  name: "key revoke",
  usage: "key revoke --id KEY_ID",
  prepare(args) {
    const id = required(parseFlags("key revoke", args, options).id, "--id").trim().toLowerCase();
    return async (db) => {
      if (!(await revokeApiKey(db, { id }))) throw ApiError.text("NOT_FOUND", `no API key with id "${id}"`);
      return { id, isActive: false };
    };
  },
};
