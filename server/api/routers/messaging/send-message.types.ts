import { z } from "zod";
import { idSchema } from "../../../ids";
import { toE164 } from "../../../phones/phone-number";
import type { ProcedureMeta } from "../../trpc";
import { messageSchema } from "./message.types";

/** WhatsApp's own bounds: a text body holds at most 4,096 characters; a template parameter 1,024 (we allow 20 of them). */
export const MESSAGE_LIMITS = { text: 4096, templateName: 512, templateParameter: 1024, templateParameters: 20 } as const;

export const sendMessageMeta = {
  scope: "messaging:send",
  successStatus: 201,
  // One message, one unit: the contract's cost, charged like any request (a refused send has spent its unit too).
  monthlyCost: 1,
  usageCategory: "message",
  alsoFailsWith: {
    502: "`BAD_GATEWAY`: WhatsApp failed with an error of its own; nothing was sent; safe to retry after a short backoff",
    503: "`SERVICE_UNAVAILABLE`: WhatsApp is unreachable or throttling this number or this recipient; nothing was sent; retry after `Retry-After` seconds",
    504: "`GATEWAY_TIMEOUT`: WhatsApp did not answer in time; the message may have been sent: read the conversation before retrying",
  },
  openapi: {
    method: "POST",
    path: "/whatsapp/send",
    tags: ["Messaging"],
    summary: "Send a WhatsApp message",
    description: [
      "Sends one WhatsApp message from a connected sender, synchronously: the answer carries WhatsApp's message id or says why " +
        "it was refused. Costs 1 monthly unit per message (`X-RateLimit-Monthly-Remaining`), whatever the outcome.",
      "**Recipient**: `leadId` (the lead's phone, which must be international: `+` and the country code) or `to` (E.164, e.g. " +
        "`+50760001234`); exactly one. Sent to a lead, the message is logged on its timeline as an outbound `social_message` " +
        "and `lead.communication_logged` is emitted (its `communication` carries `channel: \"whatsapp\"` and `messageId`).",
      "**Content**: `text` (free text; WhatsApp delivers it only within 24 hours of the contact's last message) or `template` " +
        "(an approved template, `{name, language, parameters}` with the body's `{{1}}`, `{{2}}`… in order; the only content that " +
        "reaches someone who has not written in 24 hours); exactly one.",
      "**Sender**: `senderId` from GET /whatsapp/senders; optional when the organization has exactly one sender.",
      "**Answer**: 201 with the message, status `accepted`. Delivery is reported later by WhatsApp: read it with " +
        "GET /whatsapp/messages/{messageId}. A message that cannot be delivered (e.g. sent as text outside the 24-hour window, " +
        "WhatsApp code 131047) becomes `failed` with the reason.",
      "**Errors** (a refused send records nothing): 400 `VALIDATION_ERROR` for a malformed number or body, a lead without an " +
        "international phone, or a parameter WhatsApp refused (e.g. unknown template); 400 `BAD_REQUEST` when no sender is connected, " +
        "when several are and `senderId` is missing, when WhatsApp messaging is not configured on the server, or when WhatsApp " +
        "refused the message with a reason (e.g. 131026, the number is not on WhatsApp); 403 `FORBIDDEN` when the sender needs " +
        "reconnecting (WhatsApp refused its token: the sender is marked `reconnect_required`) or lacks a permission; 404 " +
        "`NOT_FOUND` for an unknown lead or sender.",
      "**Retries**: 4xx must not be retried unchanged. 502 and 503 mean nothing was sent: retry with backoff (503 carries " +
        "`Retry-After`). 504 means the outcome is unknown: WhatsApp may have accepted the message, so a blind retry can deliver " +
        "it twice. This endpoint is not idempotent.",
    ].join("\n\n"),
  },
} as const satisfies ProcedureMeta;

const templateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(MESSAGE_LIMITS.templateName)
    .regex(/^[a-z0-9_]+$/, "must be a template name: lowercase letters, digits and underscores")
    .describe("The approved template's name"),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Za-z0-9]{2,8})?$/, "must be a language code such as es, en or en_US")
    .describe("The language it was approved in, e.g. `es` or `en_US`"),
  parameters: z
    .array(z.string().trim().min(1).max(MESSAGE_LIMITS.templateParameter))
    .max(MESSAGE_LIMITS.templateParameters)
    .default([])
    .describe("Values for the body's `{{1}}`, `{{2}}`, … in order"),
});

export const sendMessageInput = z
  .object({
    senderId: z.uuid().optional().describe("The sender to use (GET /whatsapp/senders); optional when the organization has exactly one"),
    leadId: idSchema("lead").optional().describe("Send to this lead's phone and log the message on its timeline"),
    to: z
      .string()
      .trim()
      .max(32)
      .refine((value) => toE164(value) !== null, "validation.e164")
      .optional()
      .describe("Or send to this number, in E.164 (`+`, country code and number; spaces and dashes are ignored)"),
    text: z.string().trim().min(1).max(MESSAGE_LIMITS.text).optional().describe(`Free text, 1..${MESSAGE_LIMITS.text} characters`),
    template: templateSchema.optional().describe("Or an approved template"),
  })
  .superRefine((input, context) => {
    if ((input.leadId === undefined) === (input.to === undefined)) {
      context.addIssue({ code: "custom", path: ["to"], message: "validation.leadIdOrTo" });
    }
    if ((input.text === undefined) === (input.template === undefined)) {
      context.addIssue({ code: "custom", path: ["text"], message: "validation.textOrTemplate" });
    }
  });

export const sendMessageOutput = messageSchema;
