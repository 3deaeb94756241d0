import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFakeGraph } from "../../tests/fakes/whatsapp-graph";
import { startFakeGoogle } from "../../tests/fakes/google-calendar";
import { startSmtpCapture } from "../../tests/support/smtp-capture";
import { createTestCertificates } from "../../tests/webhooks/support/tls-fixture";
import {
  E2E_DATA_DIR,
  E2E_MAIL_CAPTURE_FILE,
  E2E_ORIGIN,
  E2E_PG_PORT,
  E2E_PORT,
  E2E_RECEIVER_TLS_FILE,
  E2E_WHATSAPP_APP_SECRET,
  E2E_WHATSAPP_FAKE_FILE,
  E2E_WHATSAPP_VERIFY_TOKEN,
} from "./e2e-environment";

/**
 * Playwright's web server: a fresh inmo for every run. It clears the e2e data
 * directory, makes a throwaway CA and a certificate for the local HTTPS
 * webhook receiver, then hands over to `npm start`'s script (embedded
 * PostgreSQL, migrations, `next build`, scripts/serve-production.ts) with the webhook
 * sender allowed to reach loopback and trusting that CA, and WhatsApp pointed
 * at a loopback fake of the Cloud API that lives in this process, and email
 * sent to a loopback SMTP server that writes each mail to a file specs read.
 */
function stopLeftoverDatabase() {
  const pidFile = path.join(E2E_DATA_DIR, "postgres", "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    // A previous run that was killed hard leaves its own database running.
    if (pid > 0) process.kill(pid, "SIGTERM");
  } catch {
    // already gone
  }
}

stopLeftoverDatabase();
await new Promise((resolve) => setTimeout(resolve, 500));
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });

const certificates = createTestCertificates();
writeFileSync(E2E_RECEIVER_TLS_FILE, JSON.stringify({ key: certificates.key, cert: certificates.cert }));
const caFile = path.join(E2E_DATA_DIR, "receiver-ca.pem");
writeFileSync(caFile, readFileSync(certificates.caFile));
certificates.remove();

const whatsApp = await startFakeGraph();
// As in the Meta App Dashboard: the app's callback URL and secret, for the accounts it subscribes to.
whatsApp.webhook = { url: `${E2E_ORIGIN}/api/integrations/whatsapp/webhook`, appSecret: E2E_WHATSAPP_APP_SECRET };
writeFileSync(E2E_WHATSAPP_FAKE_FILE, JSON.stringify({ baseUrl: whatsApp.baseUrl }));

// Google Calendar: OAuth and the Calendar API on one loopback fake; specs read its URL from a file.
const google = await startFakeGoogle();
writeFileSync(path.join(E2E_DATA_DIR, "google-fake.json"), JSON.stringify({ baseUrl: google.baseUrl }));

// The app's mail server: a loopback SMTP server that keeps every mail, so specs open the links they carry.
const mailServer = await startSmtpCapture({
  onMessage: (mail) => appendFileSync(E2E_MAIL_CAPTURE_FILE, JSON.stringify({ to: mail.envelopeTo, subject: mail.subject, text: mail.text }) + "\n"),
});

Object.assign(process.env, {
  SMTP_URL: mailServer.url,
  MAIL_FROM: "inmo e2e <mailer@inmo.test>",
  INMO_DATA_DIR: E2E_DATA_DIR,
  PORT: String(E2E_PORT),
  EMBEDDED_PG_PORT: String(E2E_PG_PORT),
  NEXTAUTH_URL: E2E_ORIGIN,
  NEXTAUTH_SECRET: "e2e-only-session-secret-not-for-production",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  WEBHOOK_EXTRA_CA_FILE: caFile,
  WHATSAPP_GRAPH_BASE_URL: whatsApp.baseUrl,
  WHATSAPP_APP_SECRET: E2E_WHATSAPP_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: E2E_WHATSAPP_VERIFY_TOKEN,
  NEXT_TELEMETRY_DISABLED: "1",
  // Browser contexts stand for agents behind one proxy: each sends its own X-Forwarded-For (see e2e/support/dashboard.ts).
  TRUSTED_PROXY_HOPS: "2",
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_OAUTH_BASE_URL: google.baseUrl,
  GOOGLE_CALENDAR_BASE_URL: google.baseUrl,
  // The every-minute sweeps (calendar sync, first-touch deadlines) every 5 s: a spec waits seconds for what they show, not up to a minute.
  JOB_MINUTE_PERIOD_MS: "5000",
});
// The embedded database must be reachable by its own port, not a developer's DATABASE_URL.
delete process.env.DATABASE_URL;
if (process.env.E2E_SKIP_BUILD === "1") process.argv.push("--no-build");

await import("../../scripts/start");
