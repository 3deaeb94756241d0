import webpush from "web-push";
import { appOrigin } from "../../config/app-origin";
import { config } from "../../config/config";
import { decryptSecret, encryptSecret } from "../../crypto/secret-box";
import type { Db, DbTx } from "../../db/client";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const holder = globalThis as unknown as { inmoVapidKeys?: Promise<VapidKeys> };

/**
 * The server's VAPID key pair (RFC 8292), which push services check every
 * push against: generated once, the first time a browser asks for it, and
 * kept in the database (one row, the private key sealed with the same key
 * that seals every stored secret: server/crypto/secret-box.ts), so every
 * instance signs with the same pair and subscriptions survive restarts. Two
 * instances racing at the first need both insert-if-absent and read back the
 * one that won.
 */
export function vapidKeys(db: Db | DbTx): Promise<VapidKeys> {
  holder.inmoVapidKeys ??= readOrCreate(db).catch((error: unknown) => {
    holder.inmoVapidKeys = undefined;
    throw error;
  });
  return holder.inmoVapidKeys;
}

async function readOrCreate(db: Db | DbTx): Promise<VapidKeys> {
  let row = await db.pushServerKeys.findUnique({ where: { id: 1 } });
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    await db.$executeRaw`
      INSERT INTO "PushServerKeys" ("id", "publicKey", "privateKeySealed") VALUES (1, ${fresh.publicKey}, ${encryptSecret(fresh.privateKey)})
      ON CONFLICT ("id") DO NOTHING`;
    row = await db.pushServerKeys.findUniqueOrThrow({ where: { id: 1 } });
  }
  return { publicKey: row.publicKey, privateKey: decryptSecret(row.privateKeySealed) };
}

/** Forgets the cached pair (tests that start from an empty database). */
export function forgetVapidKeys(): void {
  holder.inmoVapidKeys = undefined;
}

/**
 * Who push services can reach about our pushes (the JWT's `sub`, RFC 8292
 * §2.1: a `mailto:` or `https:` URI): the dashboard's origin when it is
 * https, else the address mail comes from.
 */
export function vapidSubject(): string {
  const origin = appOrigin();
  if (origin.startsWith("https://")) return origin;
  const from = config().MAIL_FROM;
  const address = from?.match(/<([^>]+)>/)?.[1] ?? from?.trim();
  return `mailto:${address && address.includes("@") ? address : `no-reply@${new URL(origin).hostname}`}`;
}
