import type { Prisma } from "../../db/generated/client";

export type SenderRow = Prisma.WhatsAppSenderGetPayload<object>;
export type SenderStatus = SenderRow["status"];

/** What the API lists (`GET /whatsapp/senders`): enough to choose a sender, nothing secret. */
export interface SenderSummary {
  id: string;
  label: string;
  displayPhoneNumber: string;
  verifiedName: string;
  status: SenderStatus;
}

/** What Settings → Messaging shows owners and admins. The token never leaves the server. */
export interface SenderDetail extends SenderSummary {
  phoneNumberId: string;
  businessAccountId: string;
  statusReason: string | null;
  statusChangedAt: string | null;
  createdAt: string;
}

export function toSenderSummary(row: SenderRow): SenderSummary {
  return {
    id: row.id,
    label: row.label,
    displayPhoneNumber: row.displayPhoneNumber,
    verifiedName: row.verifiedName,
    status: row.status,
  };
}

export function toSenderDetail(row: SenderRow): SenderDetail {
  return {
    ...toSenderSummary(row),
    phoneNumberId: row.phoneNumberId,
    businessAccountId: row.businessAccountId,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
