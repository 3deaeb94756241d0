import { recountLeads } from "../../../server/leads/recount-leads";
import { parseFlags } from "../args";
import type { Command } from "../command";
import { requireOrganization } from "../lookups";

const options = { org: { type: "string" } } as const;

export const leadsRecount: Command = {
  name: "leads recount",
  usage: "leads recount [--org ORG]",
  prepare(args) {
    const reference = parseFlags("leads recount", args, options).org;
    return async (db) => {
      const organizationId = reference === undefined ? undefined : (await requireOrganization(db, reference)).id;
      return recountLeads(db, organizationId);
    };
  },
};
