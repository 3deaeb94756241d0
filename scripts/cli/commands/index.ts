import type { Command } from "../command";
import { keyCreate } from "./key-create";
import { keyRevoke } from "./key-revoke";
import { leadsRecount } from "./leads-recount";
import { oauthClientCreate } from "./oauth-client-create";
import { oauthClientDisable, oauthClientEnable } from "./oauth-client-set-active";
import { oauthTokenCreate } from "./oauth-token-create";
import { orgCreate } from "./org-create";
import { orgUpdate } from "./org-update";
import { userCreate } from "./user-create";

export const COMMANDS: readonly Command[] = [orgCreate, userCreate, keyCreate, keyRevoke, oauthClientCreate, oauthClientDisable, oauthClientEnable, oauthTokenCreate, leadsRecount, orgUpdate];

export function findCommand(group: string | undefined, action: string | undefined): Command | undefined {
  return COMMANDS.find((command) => command.name === `${group} ${action}`);
}

export function usageText(): string {
  return [
    "usage: npm run --silent cli -- <command> [flags]",
    "",
    ...COMMANDS.map((command) => `  ${command.usage}`),
    "",
    "ORG is an organization id or slug. Prints one JSON object on stdout; see docs/cli.md.",
  ].join("\n");
}
