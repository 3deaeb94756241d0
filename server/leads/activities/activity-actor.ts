import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";

export type ActorKind = "user" | "api_key" | "system";

/**
 * Who a timeline entry shows as its author (`user` on every activity). The
 * contract wants an object with id, name, email and image; only members have
 * all four, so the other actors get a stable synthetic shape:
 * - a member: their user id, name, email and avatar;
 * - an API key: the key's id, name `API key <key name>`, email and image null;
 * - the service itself (automations): id `system`, name `System`;
 * - a member whose account no longer exists: id null and the name they had.
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

export function apiKeyActorName(keyName: string): string {
  return `API key ${keyName}`;
}

/** The actor of a request: the acting member (session, OAuth) or the API key. */
export async function actorOf(tx: DbTx, principal: Principal): Promise<ActivityActor> {
  if (principal.userId !== null) {
    const user = await tx.user.findUnique({
      where: { id: principal.userId },
      select: { id: true, name: true, email: true, image: true },
    });
    if (user) return { actorKind: "user", userId: user.id, apiKeyId: null, actorName: user.name, user };
  }
  if (principal.apiKeyId !== null) {
    const key = await tx.apiKey.findFirst({
      where: { id: principal.apiKeyId, organizationId: principal.organizationId },
      select: { name: true },
    });
    const name = apiKeyActorName(key?.name ?? "(deleted)");
    return {
      actorKind: "api_key",
      userId: null,
      apiKeyId: principal.apiKeyId,
      actorName: name,
      user: { id: principal.apiKeyId, name, email: null, image: null },
    };
  }
  return SYSTEM_ACTOR;
}

/** Renders the author of a stored entry (see ActivityUser for the shapes). */
export function renderActivityUser(entry: {
  actorKind: string;
  userId: string | null;
  apiKeyId: string | null;
  actorName: string | null;
  user: { id: string; name: string; email: string; image: string | null } | null;
}): ActivityUser {
  if (entry.user) return entry.user;
  if (entry.actorKind === "api_key") {
    return { id: entry.apiKeyId, name: entry.actorName ?? apiKeyActorName("(deleted)"), email: null, image: null };
  }
  if (entry.actorKind === "system") return SYSTEM_ACTOR.user;
  return { id: null, name: entry.actorName ?? "Former member", email: null, image: null };
}
