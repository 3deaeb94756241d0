import { z } from "zod";
import { pathIdSchema } from "../../../ids";
import type { ProcedureMeta } from "../../trpc";
import { messageSchema } from "./message.types";

export const getMessageMeta = {
  scope: "messaging:send",
  openapi: {
    method: "GET",
    path: "/whatsapp/messages/{messageId}",
    tags: ["Messaging"],
    summary: "Read a WhatsApp message and its delivery status",
    description:
      "A message sent with POST /whatsapp/send (or received from a contact), with its current status and the time of each " +
      "delivery step. Poll it to follow delivery; WhatsApp reports `sent`, `delivered`, `read` or `failed` within seconds to " +
      "minutes (a phone that is off reports later). 404 `NOT_FOUND` when unknown or in another organization.",
  },
} as const satisfies ProcedureMeta;

export const getMessageInput = z.object({ messageId: pathIdSchema("message") });

export const getMessageOutput = messageSchema;
