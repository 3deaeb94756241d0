import { listSenderRows } from "../../../messaging/senders/list-senders";
import { toSenderSummary } from "../../../messaging/senders/sender-representation";
import { protectedProcedure } from "../../trpc";
import { listSendersInput, listSendersMeta, listSendersOutput } from "./list-senders.types";

export const listSendersProcedure = protectedProcedure
  .meta(listSendersMeta)
  .input(listSendersInput)
  .output(listSendersOutput)
  .query(async ({ ctx }) => ({ data: (await listSenderRows(ctx)).map(toSenderSummary) }));
