import type { DbTx } from "../db/client";
import { resolveLeadState, type LeadState } from "../pipeline/lead-state";
import { assertContactIdentity } from "./contact-identity";
import type { CreateLeadRequest } from "./create-lead";
import { assertExternalIdFree } from "./lead-external-id";
import { checkLeadReferences } from "./lead-references";
import { mergeLeadValues, NEW_LEAD_VALUES, type LeadValues } from "./lead-values";

/**
 * The rules a new lead's values pass before anything is written, shared by
 * `createLead` (one lead) and `createLeads` (a chunk of an import): first
 * what needs no database (`newLeadValues`: defaults, the service's own source
 * metadata, a way to reach the person), then what does (`checkNewLead`: the
 * references it names, its one state, its `externalId` free). Both throw the
 * client's error; nothing is written.
 */
export function newLeadValues(request: CreateLeadRequest): LeadValues {
  const merged = mergeLeadValues(NEW_LEAD_VALUES, request);
  if (request.sourceMetadata) merged.sourceMetadata = { ...merged.sourceMetadata, ...request.sourceMetadata };
  assertContactIdentity(merged);
  return merged;
}

/** How a new lead's state is resolved; a chunk passes one that remembers the pipeline's answer per status. */
export type ResolveNewState = (tx: DbTx, organizationId: string, sent: { status?: CreateLeadRequest["status"]; stageId?: string | null }) => Promise<LeadState>;

export const resolveNewState: ResolveNewState = (tx, organizationId, sent) => resolveLeadState(tx, organizationId, null, sent);

export async function checkNewLead(
  tx: DbTx,
  organizationId: string,
  merged: LeadValues,
  request: CreateLeadRequest,
  resolveState: ResolveNewState = resolveNewState,
): Promise<LeadValues> {
  const values = await checkLeadReferences(tx, organizationId, merged, {
    assignedToId: request.assignedToId != null,
    stageId: request.stageId != null,
    projectId: request.projectId != null,
    unitId: request.unitId != null,
    interest: request.interest != null,
  });
  // One lead state: a new lead lands in the stage of its status, or takes the status of the stage it was sent to.
  Object.assign(values, await resolveState(tx, organizationId, { status: request.status, stageId: request.stageId }));
  await assertExternalIdFree(tx, organizationId, values);
  return values;
}

/** A state resolver that asks the pipeline once per distinct (status, stage) of a chunk, refusals included. */
export function rememberingStates(): ResolveNewState {
  const known = new Map<string, Promise<LeadState>>();
  return (tx, organizationId, sent) => {
    const key = `${sent.status ?? ""}|${sent.stageId ?? ""}`;
    let state = known.get(key);
    if (state === undefined) {
      state = resolveNewState(tx, organizationId, sent);
      // A refusal is remembered too, without an unhandled rejection while it waits.
      state.catch(() => {});
      known.set(key, state);
    }
    return state.then((resolved) => ({ ...resolved }));
  };
}
