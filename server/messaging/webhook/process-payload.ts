import { systemPrincipal } from "../../auth/system-principal";
import type { Db } from "../../db/client";
import { runInTransaction } from "../../db/run-in-transaction";
import { logger } from "../../system/logger";
import { recordInboundMessage } from "../inbound/record-inbound";
import type { ReportedStatus } from "../messages/delivery-status";
import { recordStatusCallback } from "../messages/record-status";
import { META_WEBHOOK_FIELDS } from "../whatsapp-settings";
import {
  changeValueSchema,
  inboundMessageSchema,
  reasonOf,
  statusSchema,
  timeOf,
  type WebhookStatus,
} from "./webhook-payload";

const REPORTED: ReadonlySet<string> = new Set<ReportedStatus>(["sent", "delivered", "read", "failed"]);

export interface PayloadOutcome {
  statuses: number;
  messages: number;
  ignored: number;
}

function reportOf(status: WebhookStatus) {
  const failure = status.status === "failed" ? reasonOf(status.errors?.[0]) : null;
  return {
    status: status.status as ReportedStatus,
    at: timeOf(status.timestamp),
    failureCode: failure?.code ?? null,
    failureReason: failure?.reason ?? null,
  };
}

/**
 * Applies one verified `messages` webhook: each change names the business
 * number it concerns, and that number's sender names the organization, whose
 * system actor does the work. Every status and every message is its own
 * idempotent transaction, so when one fails (the caller answers 500) the
 * provider's retry of the whole batch redoes only what is missing. Numbers
 * no organization has connected are ignored.
 */
export async function processWebhookPayload(db: Db, entries: { changes: { field: string; value: unknown }[] }[]): Promise<PayloadOutcome> {
  const outcome: PayloadOutcome = { statuses: 0, messages: 0, ignored: 0 };
  for (const change of entries.flatMap((entry) => entry.changes)) {
    const value = (META_WEBHOOK_FIELDS as readonly string[]).includes(change.field) ? changeValueSchema.safeParse(change.value) : null;
    if (!value?.success) {
      outcome.ignored++;
      continue;
    }
    const sender = await db.whatsAppSender.findUnique({ where: { phoneNumberId: value.data.metadata.phone_number_id } });
    if (!sender) {
      logger.info("messaging.webhook_unknown_number", { phoneNumberId: value.data.metadata.phone_number_id });
      outcome.ignored++;
      continue;
    }
    const principal = await systemPrincipal(db, sender.organizationId);

    for (const raw of value.data.statuses ?? []) {
      const status = statusSchema.safeParse(raw);
      if (!status.success || !REPORTED.has(status.data.status)) {
        outcome.ignored++;
        continue;
      }
      await runInTransaction(db, (tx) => recordStatusCallback(tx, sender.organizationId, status.data.id, reportOf(status.data)));
      outcome.statuses++;
    }

    for (const raw of value.data.messages ?? []) {
      const message = inboundMessageSchema.safeParse(raw);
      if (!message.success) {
        outcome.ignored++;
        continue;
      }
      const profile = value.data.contacts?.find((contact) => contact.wa_id === message.data.from) ?? value.data.contacts?.[0];
      const recorded = await recordInboundMessage({ db, principal }, sender, message.data, profile?.profile?.name);
      if (recorded === "ignored") outcome.ignored++;
      else outcome.messages++;
    }
  }
  return outcome;
}
