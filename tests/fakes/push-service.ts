import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";

/**
 * A loopback push service (what Firefox's autopush or FCM's Web Push door
 * are) that enforces the published contract, so a push that passes here
 * passes there:
 *
 * - RFC 8030: `POST` to the subscription's endpoint; `TTL` required (a
 *   non-negative integer, else 400); `Urgency` one of very-low/low/normal/high
 *   and `Topic` at most 32 base64url characters when present (else 400);
 *   `201 Created` with a `Location` on acceptance; 404 for an endpoint it
 *   never issued, 410 for one that expired; a payload over 4096 bytes 413.
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT
 *   ES256-signed by that key, `aud` the endpoint's origin, `exp` in the future
 *   and at most 24 h away, `sub` a `mailto:` or `https:` URI — else 401; a
 *   key other than the subscription's `applicationServerKey` 403.
 * - RFC 8291 / RFC 8188: `Content-Encoding: aes128gcm`; the body is decrypted
 *   with the private key and auth secret the fake generated for the
 *   subscription, as a browser would; a body that does not decrypt is 400.
 *
 * Tests script throttling (`answerNext(..., 429, { "retry-after": "120" })`)
 * and outages, and read what each device received.
 */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  token: string;
  payload: string;
  headers: Record<string, string | string[] | undefined>;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string;
  expired: boolean;
  scripted: { status: number; headers: Record<string, string> }[];
}

export interface FakePushService {
  origin: string;
  /** What a browser's `pushManager.subscribe({ applicationServerKey })` returns. */
  subscribe(applicationServerKey: string): FakeSubscription;
  expire(endpoint: string): void;
  /** The next push to this endpoint gets `status` (and headers) instead of being processed. */
  answerNext(endpoint: string, status: number, headers?: Record<string, string>): void;
  received: ReceivedPush[];
  /** Every refusal, with its reason, so a test can see why. */
  refused: { status: number; reason: string }[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188 §2: one record, the sender's key in `keyid`. */
export function decryptAes128gcm(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  if (body.length < 21) throw new Error("header too short");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error("keyid must be the sender's 65-byte P-256 key");
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (rs < 18 || ciphertext.length > rs) throw new Error("a push carries one record");
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "latin1")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "latin1")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 2) throw new Error("no last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

/** RFC 8292 §2–3: answers the reason the token is refused, or null. */
function vapidRefusal(authorization: string | undefined, audience: string, now: number): { status: number; reason: string; key?: string } | null {
  const match = authorization?.match(/^vapid\s+(.+)$/i);
  if (!match) return { status: 401, reason: "no vapid authorization" };
  const params = Object.fromEntries(
    match[1]!.split(",").map((part) => {
      const [name, ...rest] = part.trim().split("=");
      return [name!.trim(), rest.join("=").trim()];
    }),
  );
  const { t, k } = params as { t?: string; k?: string };
  if (!t || !k) return { status: 401, reason: "vapid needs t and k" };
  const [header, claims, signature] = t.split(".");
  if (!header || !claims || !signature) return { status: 401, reason: "t is not a JWS" };
  let parsedHeader: { alg?: string }, parsedClaims: { aud?: string; exp?: number; sub?: string };
  try {
    parsedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
    parsedClaims = JSON.parse(Buffer.from(claims, "base64url").toString("utf8"));
  } catch {
    return { status: 401, reason: "JWT is not JSON" };
  }
  if (parsedHeader.alg !== "ES256") return { status: 401, reason: "alg must be ES256" };
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return { status: 401, reason: "k must be an uncompressed P-256 key" };
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: "jwk" });
  const signed = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) return { status: 401, reason: "bad signature" };
  if (parsedClaims.aud !== audience) return { status: 401, reason: `aud must be ${audience}` };
  const nowSeconds = Math.floor(now / 1000);
  if (typeof parsedClaims.exp !== "number" || parsedClaims.exp <= nowSeconds) return { status: 401, reason: "expired token" };
  if (parsedClaims.exp > nowSeconds + 24 * 3600) return { status: 401, reason: "exp more than 24 hours away" };
  if (typeof parsedClaims.sub !== "string" || !/^(mailto:|https:)/.test(parsedClaims.sub)) return { status: 401, reason: "sub must be mailto: or https:" };
  return { status: 0, reason: "", key: k };
}

export async function startFakePushService(tls: { key: string; cert: string }): Promise<FakePushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: { status: number; reason: string }[] = [];
  let origin = "";

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
        refused.push({ status, reason });
        res.writeHead(status, { "content-type": "text/plain", ...headers }).end(reason);
      };
      const token = req.url?.match(/^\/push\/([A-Za-z0-9_-]+)$/)?.[1];
      if (req.method !== "POST") return refuse(405, "push is POST");
      const device = token ? devices.get(token) : undefined;
      if (!token || !device) return refuse(404, "no such subscription");
      if (device.expired) return refuse(410, "subscription expired");
      const scripted = device.scripted.shift();
      if (scripted) return refuse(scripted.status, "scripted", scripted.headers);
      const body = Buffer.concat(chunks);
      const ttl = req.headers.ttl;
      if (typeof ttl !== "string" || !/^\d+$/.test(ttl)) return refuse(400, "TTL header required");
      const urgency = req.headers.urgency;
      if (urgency !== undefined && !["very-low", "low", "normal", "high"].includes(String(urgency))) return refuse(400, "bad Urgency");
      const topic = req.headers.topic;
      if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic))) return refuse(400, "bad Topic");
      const vapid = vapidRefusal(req.headers.authorization, origin, Date.now());
      if (vapid && vapid.status !== 0) return refuse(vapid.status, vapid.reason);
      if (vapid?.key !== device.applicationServerKey) return refuse(403, "key does not match the subscription's applicationServerKey");
      if (body.length > 4096) return refuse(413, "payload too large");
      let payload = "";
      if (body.length > 0) {
        if (req.headers["content-encoding"] !== "aes128gcm") return refuse(400, "Content-Encoding must be aes128gcm");
        try {
          payload = decryptAes128gcm(body, device);
        } catch (error) {
          return refuse(400, `undecryptable: ${(error as Error).message}`);
        }
      }
      received.push({ token, payload, headers: req.headers });
      res.writeHead(201, { location: `${origin}/message/${b64url(randomBytes(9))}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenOf = (endpoint: string) => endpoint.slice(`${origin}/push/`.length);

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const token = b64url(randomBytes(18));
      devices.set(token, { ecdh, auth, applicationServerKey, expired: false, scripted: [] });
      return { endpoint: `${origin}/push/${token}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    expire(endpoint) {
      const device = devices.get(tokenOf(endpoint));
      if (device) device.expired = true;
    },
    answerNext(endpoint, status, headers = {}) {
      devices.get(tokenOf(endpoint))?.scripted.push({ status, headers });
    },
    received,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
