import { protectedProcedure } from "../../trpc";
import { listMyCallTasks, logCallOutcome } from "../../../sequences/call-queue";
import { listSequenceContacts } from "../../../sequences/sequence-contacts";
import {
  callQueueInput,
  callQueueMeta,
  callQueueOutput,
  logCallOutcomeInput,
  logCallOutcomeMeta,
  logCallOutcomeOutput,
  sequenceContactsMeta,
  sequenceContactsOutput,
} from "./call-queue.types";
import { sequenceIdInput } from "./read-sequences.types";

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export const callQueueProcedure = protectedProcedure
  .meta(callQueueMeta)
  .input(callQueueInput)
  .output(callQueueOutput)
  .query(async ({ ctx }) => ({
    data: (await listMyCallTasks(ctx)).map((task) => ({ ...task, dispatchedAt: new Date(task.dispatchedAt).toISOString() })),
  }));

// A member works their own queue: reading sequences is enough (members may not be allowed to run sequences).
export const logCallOutcomeProcedure = protectedProcedure
  .meta(logCallOutcomeMeta)
  .input(logCallOutcomeInput)
  .output(logCallOutcomeOutput)
  .mutation(({ ctx, input }) => logCallOutcome(ctx, input.contactId, input.outcome, input.note));

export const sequenceContactsProcedure = protectedProcedure
  .meta(sequenceContactsMeta)
  .input(sequenceIdInput)
  .output(sequenceContactsOutput)
  .query(async ({ ctx, input }) => {
    const { contacts, perHour } = await listSequenceContacts(ctx, input.sequenceId);
    return {
      contacts: contacts.map((c) => ({ ...c, dispatchAt: iso(c.dispatchAt), dispatchedAt: iso(c.dispatchedAt) })),
      perHour: perHour.map((h) => ({ hour: new Date(h.hour).toISOString(), count: h.count })),
    };
  });
