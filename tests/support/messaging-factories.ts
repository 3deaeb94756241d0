import { randomBytes } from "node:crypto";
import { encryptSecret } from "../../server/crypto/secret-box";
import type { Db } from "../../server/db/client";
import { newId } from "../../server/ids";

const digits = (length: number) => Array.from(randomBytes(length), (b) => String(b % 10)).join("");

/**
 * A connected WhatsApp sender and one outbound message, written straight to
 * the database: seeded data for other areas' tests (the tenancy walk), which
 * run without the fake Cloud API. tests/messaging connects senders through
 * Settings against the fake instead.
 */
export async function seedWhatsAppConversation(db: Db, organizationId: string, leadId: string | null) {
  const sender = await db.whatsAppSender.create({
    data: {
      organizationId,
      label: "Sales",
      phoneNumberId: `1${digits(14)}`,
      businessAccountId: `2${digits(14)}`,
      displayPhoneNumber: "+1 555-0100",
      verifiedName: "Seeded Realty",
      accessTokenCiphertext: encryptSecret(`EAAG${randomBytes(24).toString("hex")}`),
    },
  });
  const message = await db.whatsAppMessage.create({
    data: {
      id: newId("message"),
      organizationId,
      senderId: sender.id,
      leadId,
      direction: "outbound",
      status: "delivered",
      contactDigits: "50761112222",
      type: "text",
      body: "Hola",
      providerMessageId: `wamid.seeded-${randomBytes(12).toString("hex")}`,
      deliveredAt: new Date(),
    },
  });
  return { sender, message };
}
