import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import type { CommunicationDirection } from "../lead-enums";

/**
 * Marks the lead's first human touch: an outbound communication (call,
 * email, WhatsApp or other message, meeting) logged by the person who owns
 * the lead, the first one only. An inbound message, a note, an entry by an
 * API key or by the System (an instant reply) is no touch: the deadline asks
 * for the owner to reach out. Written in SQL so `updatedAt` stays (logging a
 * communication never moves it), at the entry's time.
 */
export async function recordFirstTouch(
  tx: DbTx,
  principal: Principal,
  leadId: string,
  communication: { direction: CommunicationDirection; at: Date },
): Promise<void> {
  if (communication.direction !== "outbound" || principal.userId === null) return;
  await tx.$executeRaw`
    UPDATE "Lead" SET "firstTouchAt" = ${communication.at}::timestamptz
    WHERE "id" = ${leadId} AND "organizationId" = ${principal.organizationId}::uuid
      AND "assignedToId" = ${principal.userId}::uuid AND "firstTouchAt" IS NULL`;
}
