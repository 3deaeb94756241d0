import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { logger } from "../system/logger";
import { config } from "../config/config";

/**
 * Secrets we must be able to read back (webhook signing secrets, provider
 * tokens: Google refresh tokens, WhatsApp access tokens) are encrypted at rest
 * rather than hashed: AES-256-GCM with a key derived (HKDF-SHA256) from
 * WEBHOOK_SECRET_KEY, else NEXTAUTH_SECRET, else a fixed development key. The
 * stored form names the key it was sealed with, so it is opened with that key
 * while it is still configured, and a missing key fails loudly instead of
 * producing a wrong signature or a garbled token. (The variable keeps its
 * first user's name; one key seals every kind of secret.)
 */

const VERSION = "v1";
// Documented development fallback: it keeps zero-setup installs working; production sets WEBHOOK_SECRET_KEY.
const DEVELOPMENT_KEY_MATERIAL = "inmo-development-webhook-secret-key";

interface DerivedKey {
  key: Buffer;
  id: string;
}

const derived = new Map<string, DerivedKey>();
let warnedAboutFallback = false;

function derive(material: string): DerivedKey {
  let key = derived.get(material);
  if (!key) {
    const bytes = Buffer.from(hkdfSync("sha256", material, "inmo", "webhook-signing-secrets", 32));
    key = { key: bytes, id: createHash("sha256").update(bytes).digest("hex").slice(0, 8) };
    derived.set(material, key);
  }
  return key;
}

/**
 * Every key that may have sealed a stored secret, newest first: the one new
 * secrets are sealed with, then the ones it may have replaced (setting
 * WEBHOOK_SECRET_KEY later, or rotating it with WEBHOOK_SECRET_KEY_PREVIOUS,
 * keeps existing subscriptions working).
 */
function candidateMaterials(): string[] {
  const { WEBHOOK_SECRET_KEY, WEBHOOK_SECRET_KEY_PREVIOUS, NEXTAUTH_SECRET } = config();
  return [WEBHOOK_SECRET_KEY, WEBHOOK_SECRET_KEY_PREVIOUS, NEXTAUTH_SECRET, DEVELOPMENT_KEY_MATERIAL].filter(
    (material): material is string => Boolean(material),
  );
}

function currentKey(): DerivedKey {
  const { WEBHOOK_SECRET_KEY_PREVIOUS, NODE_ENV } = config();
  const [material = DEVELOPMENT_KEY_MATERIAL] = candidateMaterials().filter((m) => m !== WEBHOOK_SECRET_KEY_PREVIOUS);
  if (material === DEVELOPMENT_KEY_MATERIAL && NODE_ENV === "production" && !warnedAboutFallback) {
    warnedAboutFallback = true;
    logger.warn("secrets.key_fallback", {
      hint: "Set WEBHOOK_SECRET_KEY (or NEXTAUTH_SECRET) so stored secrets and tokens are encrypted with a private key.",
    });
  }
  return derive(material);
}

/** The id of the key new secrets are sealed with (named in backups, so an operator knows which key to keep). */
export function currentSecretKeyId(): string {
  return currentKey().id;
}

/** The ids of every configured key that can open stored secrets. */
export function configuredSecretKeyIds(): string[] {
  return candidateMaterials().map((material) => derive(material).id);
}

/** `v1.<keyId>.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(secret: string): string {
  const { key, id } = currentKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export class SecretKeyMismatchError extends Error {
  override name = "SecretKeyMismatchError";
}

export function decryptSecret(sealed: string): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined) {
    throw new SecretKeyMismatchError("unrecognised sealed secret format");
  }
  const key = candidateMaterials().map(derive).find((candidate) => candidate.id === keyId)?.key;
  if (!key) throw new SecretKeyMismatchError("secret was encrypted with a key that is not configured; restore WEBHOOK_SECRET_KEY");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
