import { dictionaryFor } from "../../../lib/i18n/dictionaries";
import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import type { Locale } from "../../i18n/messages";

export type ActorKind = "user" | "api_key" | "system";

/**
 * Who a timeline entry shows as its author (`user` on every activity). The
 * contract wants an object with id, name, email and image; only members have
 * all four, so the other actors get a stable synthetic shape:
 * - a member: their user id, name, email and avatar;
 * - an API key: the key's id, name `API key <key name>`, email and image null;
 * - the service itself (automations): id `system`, name `System`;
 * - a member whose account no longer exists: id null and the name they had.
 * "API key", "System" and "Former member" are said in the reader's language
 * (an entry stores the kind of actor and the key's own name, never these words).
 */
export interface ActivityUser {
  id: string | null;
  name: string;
  email: string | null;
  image: string | null;
}

/** The columns a write stores for its actor, plus how that actor renders. */
export interface ActivityActor {
  actorKind: ActorKind;
  userId: string | null;
  apiKeyId: string | null;
  actorName: string | null;
  user: ActivityUser;
}

export const SYSTEM_ACTOR: ActivityActor = {
  actorKind: "system",
  userId: null,
  apiKeyId: null,
  actorName: "System",
  user: { id: "system", name: "System", email: null, image: null },
};

/** An API key's own name from a stored entry: entries written before keys' names were stored alone carry "API key <name>". */
function keyNameOf(actorName: string | null): string | null {
  return actorName?.startsWith("API key ") ? actorName.slice("API key ".length) : actorName;
}

function apiKeyUser(id: string | null, keyName: string | null, locale: Locale): ActivityUser {
  const t = dictionaryFor(locale).timeline;
  return { id, name: t.apiKey(keyName ?? t.deletedKey), email: null, image: null };
}

function systemUser(locale: Locale): ActivityUser {
  return { ...SYSTEM_ACTOR.user, name: dictionaryFor(locale).timeline.system };
}

/** The actor of a request: the acting member (session, OAuth) or the API key, its name in the organization's language. */
export async function actorOf(tx: DbTx, principal: Principal): Promise<ActivityActor> {
  const locale = principal.organization.locale;
  if (principal.userId !== null) {
    const user = await tx.user.findUnique({
      where: { id: principal.userId },
      select: { id: true, name: true, email: true, image: true },
    });
    if (user) return { actorKind: "user", userId: user.id, apiKeyId: null, actorName: user.name, user };
  }
  if (principal.apiKeyId !== null) {
    // Read with the key when the request was authenticated by it; otherwise (a principal built elsewhere) read here.
    const keyName =
      principal.apiKeyName ??
      (await tx.apiKey.findFirst({ where: { id: principal.apiKeyId, organizationId: principal.organizationId }, select: { name: true } }))?.name ??
      null;
    return { actorKind: "api_key", userId: null, apiKeyId: principal.apiKeyId, actorName: keyName, user: apiKeyUser(principal.apiKeyId, keyName, locale) };
  }
  return { ...SYSTEM_ACTOR, user: systemUser(locale) };
}

/** Renders the author of a stored entry in `locale` (see ActivityUser for the shapes). */
export function renderActivityUser(
  entry: {
  actorKind: string;
  userId: string | null;
  apiKeyId: string | null;
  actorName: string | null;
  user: { id: string; name: string; email: string; image: string | null } | null;
  },
  locale: Locale,
): ActivityUser {
  if (entry.user) return entry.user;
  if (entry.actorKind === "api_key") return apiKeyUser(entry.apiKeyId, keyNameOf(entry.actorName), locale);
  if (entry.actorKind === "system") return systemUser(locale);
  return { id: null, name: entry.actorName ?? dictionaryFor(locale).timeline.formerMember, email: null, image: null };
}
