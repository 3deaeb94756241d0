import { launchSequenceMeta, pauseSequenceMeta, resumeSequenceMeta } from "~/server/api/routers/sequences/sequence-actions.types";
import { createSequenceMeta, deleteSequenceMeta, patchSequenceMeta } from "~/server/api/routers/sequences/write-sequences.types";
import { roleMayCall } from "~/server/api/authorization";
import type { MemberRole } from "~/server/auth/roles";

/** What the sequence pages offer a role: each action follows the declaration of the procedure it calls (the server checks anyway). */
export interface SequencePermissions {
  create: boolean;
  edit: boolean;
  remove: boolean;
  launch: boolean;
  pause: boolean;
  resume: boolean;
}

export function sequencePermissions(role: MemberRole): SequencePermissions {
  return {
    create: roleMayCall(role, createSequenceMeta),
    edit: roleMayCall(role, patchSequenceMeta),
    remove: roleMayCall(role, deleteSequenceMeta),
    launch: roleMayCall(role, launchSequenceMeta),
    pause: roleMayCall(role, pauseSequenceMeta),
    resume: roleMayCall(role, resumeSequenceMeta),
  };
}
