import { setUniversalLeadWebhook } from "../../../server/organizations/universal-lead-webhook";
import { parseFlags, required } from "../args";
import type { Command } from "../command";
import { requireOrganization } from "../lookups";
import { UsageError } from "../usage-error";

const options = { org: { type: "string" }, "universal-webhook": { type: "string" } } as const;

/** Organization settings an operator may switch; for now the universal lead webhook integration. */
export const orgUpdate: Command = {
  name: "org update",
  usage: "org update --org ORG --universal-webhook on|off",
  prepare(args) {
    const flags = parseFlags("org update", args, options);
    const reference = required(flags.org, "--org");
    const value = required(flags["universal-webhook"], "--universal-webhook");
    if (value !== "on" && value !== "off") throw new UsageError("--universal-webhook: must be on or off");
    return async (db) => {
      const organization = await requireOrganization(db, reference);
      const result = await setUniversalLeadWebhook(db, organization.id, value === "on");
      return { id: organization.id, universalLeadWebhook: result.universalLeadWebhookEnabled ? "on" : "off" };
    };
  },
};
