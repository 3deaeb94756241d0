import { createOrganization, createOrganizationInputSchema } from "../../../server/organizations/create-organization";
import { parseFlags, parsePlanLimit, parsePositiveInteger, required } from "../args";
import type { Command } from "../command";
import { validateFlags } from "../usage-error";

const options = {
  name: { type: "string" },
  slug: { type: "string" },
  timezone: { type: "string" },
  locale: { type: "string" },
  "max-leads": { type: "string" },
  "max-projects": { type: "string" },
  "max-webhook-endpoints": { type: "string" },
  "rate-limit-exempt": { type: "boolean" },
  "rate-limit-per-second": { type: "string" },
  "rate-limit-per-minute": { type: "string" },
  "rate-limit-per-month": { type: "string" },
} as const;

export const orgCreate: Command = {
  name: "org create",
  usage:
    "org create --name NAME [--slug SLUG] [--timezone TZ] [--locale en|es] [--max-leads N|unlimited] " +
    "[--max-projects N|unlimited] [--max-webhook-endpoints N|unlimited] [--rate-limit-exempt] " +
    "[--rate-limit-per-second N] [--rate-limit-per-minute N] [--rate-limit-per-month N]",
  prepare(args) {
    const flags = parseFlags("org create", args, options);
    const input = validateFlags(createOrganizationInputSchema, {
      name: required(flags.name, "--name"),
      slug: flags.slug,
      timezone: flags.timezone,
      locale: flags.locale as "en" | "es" | undefined,
      maxLeads: parsePlanLimit(flags["max-leads"], "--max-leads"),
      maxProjects: parsePlanLimit(flags["max-projects"], "--max-projects"),
      maxWebhookEndpoints: parsePlanLimit(flags["max-webhook-endpoints"], "--max-webhook-endpoints"),
      rateLimitExempt: flags["rate-limit-exempt"],
      rateLimitPerSecond: parsePositiveInteger(flags["rate-limit-per-second"], "--rate-limit-per-second"),
      rateLimitPerMinute: parsePositiveInteger(flags["rate-limit-per-minute"], "--rate-limit-per-minute"),
      rateLimitPerMonth: parsePositiveInteger(flags["rate-limit-per-month"], "--rate-limit-per-month"),
    });
    return async (db) => {
      const organization = await createOrganization(db, input);
      return { id: organization.id, name: organization.name, slug: organization.slug };
    };
  },
};
