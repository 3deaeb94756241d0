import path from "node:path";

/**
 * Where the e2e app runs: its own port, embedded PostgreSQL port and data
 * directory, so a developer's running inmo (port 3000, .data/) is never
 * touched. Override with E2E_PORT / E2E_PG_PORT when those are taken.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54347);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, "..", "..", ".data", "e2e");
/** The webhook receiver's TLS material, written by the server launcher and read by the specs. */
export const E2E_RECEIVER_TLS_FILE = path.join(E2E_DATA_DIR, "receiver-tls.json");
/** The loopback WhatsApp Cloud API the launcher starts for the app: its URL, for specs to read what was sent. */
export const E2E_WHATSAPP_FAKE_FILE = path.join(E2E_DATA_DIR, "whatsapp-fake.json");
/** The app secret and verify token the e2e app runs with, so specs can sign webhook calls as Meta would. */
export const E2E_WHATSAPP_APP_SECRET = "e2e-only-whatsapp-app-secret";
export const E2E_WHATSAPP_VERIFY_TOKEN = "e2e-only-whatsapp-verify-token";
/** The loopback SMTP server the launcher starts as the app's mail server: every accepted mail, as JSON lines, for specs to read. */
export const E2E_MAIL_CAPTURE_FILE = path.join(E2E_DATA_DIR, "mail-capture.jsonl");
