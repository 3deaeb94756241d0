import type { AnyCommand } from "../command";
import { backup } from "./backup";
import { restore } from "./restore";
import { keyCreate } from "./key-create";
import { keyRevoke } from "./key-revoke";
import { leadsRecount } from "./leads-recount";
import { oauthClientCreate } from "./oauth-client-create";
import { oauthClientDisable, oauthClientEnable } from "./oauth-client-set-active";
import { oauthTokenCreate } from "./oauth-token-create";
import { orgCreate } from "./org-create";
import { orgUpdate } from "./org-update";
import { userCreate } from "./user-create";

export const COMMANDS: readonly AnyCommand[] = [orgCreate, userCreate, keyCreate, keyRevoke, oauthClientCreate, oauthClientDisable, oauthClientEnable, oauthTokenCreate, leadsRecount, orgUpdate, backup, restore];

/** The command and the arguments left for it: two words (`org create`) or one (`backup`). */
export function findCommand(words: string[]): { command: AnyCommand; args: string[] } | undefined {
  const [group, action, ...rest] = words;
  const two = COMMANDS.find((command) => command.name === `${group} ${action}`);
  if (two) return { command: two, args: rest };
  const one = COMMANDS.find((command) => command.name === group);
  return one ? { command: one, args: words.slice(1) } : undefined;
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
