import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { senderSummarySchema } from "./message.types";

export const listSendersMeta = {
  scope: "messaging:send",
  openapi: {
    method: "GET",
    path: "/whatsapp/senders",
    tags: ["Messaging"],
    summary: "List connected WhatsApp senders",
    description:
      "The organization's connected WhatsApp Business numbers, oldest first; not paginated. Owners and admins connect them in " +
      "Settings → Messaging. A sender with status `reconnect_required` cannot send until it is reconnected there.",
  },
} as const satisfies ProcedureMeta;

export const listSendersInput = z.void();

export const listSendersOutput = z.object({ data: z.array(senderSummarySchema) });
