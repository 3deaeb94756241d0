import { createPoolMeta } from "~/server/api/routers/round-robin/create-pool.types";
import { deletePoolMeta } from "~/server/api/routers/round-robin/delete-pool.types";
import { setParticipantActiveMeta } from "~/server/api/routers/round-robin/set-participant-active.types";
import { updatePoolMeta } from "~/server/api/routers/round-robin/update-pool.types";
import { updatePoolInstantReplyMeta } from "~/server/api/routers/instant-reply/update-pool-instant-reply.types";
import { roleMayCall } from "~/server/api/authorization";
import type { MemberRole } from "~/server/auth/roles";

/** What the routing pages offer a role: each action follows the declaration of the procedure it calls (the server checks anyway). */
export interface RoutingPermissions {
  create: boolean;
  edit: boolean;
  remove: boolean;
  pause: boolean;
  instantReply: boolean;
}

export function routingPermissions(role: MemberRole): RoutingPermissions {
  return {
    create: roleMayCall(role, createPoolMeta),
    edit: roleMayCall(role, updatePoolMeta),
    remove: roleMayCall(role, deletePoolMeta),
    pause: roleMayCall(role, setParticipantActiveMeta),
    instantReply: roleMayCall(role, updatePoolInstantReplyMeta),
  };
}
