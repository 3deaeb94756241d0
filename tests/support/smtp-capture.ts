import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback that keeps what it is sent, for tests of
 * anything that mails (the mail job, invitations, password reset,
 * notifications). Point `SMTP_URL` at `capture.url`; read `capture.messages`.
 * No TLS and no auth: the mailer speaks plain SMTP to it, as to a relay on a
 * private network.
 */

export interface CapturedMail {
  /** The envelope sender (MAIL FROM). */
  envelopeFrom: string;
  /** The envelope recipients (RCPT TO). */
  envelopeTo: string[];
  /** Header values, decoded (RFC 2047): `from`, `to`, `subject`, `message-id`… (lower-case names). */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain part, decoded ("" when absent). */
  text: string;
  /** The text/html part, decoded ("" when absent). */
  html: string;
  raw: string;
}

export type Refusal = "temporary" | "permanent";

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`: the value for SMTP_URL. */
  url: string;
  /** Messages accepted so far, in arrival order. */
  messages: CapturedMail[];
  /** Messages refused so far (by `refuseNext`); they are not in `messages`. */
  refused: CapturedMail[];
  /** Answers the next `count` messages with 451 (temporary) or 550 (permanent) at the end of DATA. */
  refuseNext(count: number, refusal: Refusal): void;
  /** Resolves once `count` messages were accepted (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** Forgets captured and refused messages and pending refusals. */
  reset(): void;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** Called with each accepted message (the e2e app server writes them to a file the specs read). */
  onMessage?: (mail: CapturedMail) => void;
}

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const refused: CapturedMail[] = [];
  const refusals: Refusal[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMessage(Buffer.concat(chunks).toString("utf8")),
        };
        const refusal = refusals.shift();
        if (refusal) {
          refused.push(mail);
          const code = refusal === "temporary" ? 451 : 550;
          return callback(Object.assign(new Error(`${code === 451 ? "Try again later" : "Mailbox unavailable"} (test refusal)`), { responseCode: code }));
        }
        messages.push(mail);
        options.onMessage?.(mail);
        for (const waiter of [...waiters]) if (messages.length >= waiter.count) waiter.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    refuseNext(count, refusal) {
      for (let i = 0; i < count; i++) refusals.push(refusal);
    },
    waitFor(count, timeoutMs = 60_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} messages, got ${messages.length}`)), timeoutMs);
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(waiter), 1);
            resolve(messages);
          },
        };
        waiters.push(waiter);
      });
    },
    reset() {
      messages.length = 0;
      refused.length = 0;
      refusals.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Just enough MIME to read what our mailer writes: unfolded headers with
 * encoded words, nested multiparts, quoted-printable and base64 bodies,
 * UTF-8 text. Not a general parser (no other charsets, no attachments).
 */
function parseMessage(raw: string): Omit<CapturedMail, "envelopeFrom" | "envelopeTo"> {
  const parts = { text: "", html: "" };
  const { headers, body } = splitEntity(raw);
  collectParts(headers, body, parts);
  return { headers, subject: headers.subject ?? "", ...parts, raw };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.search(/\r?\n\r?\n/);
  const head = end === -1 ? entity : entity.slice(0, end);
  const body = end === -1 ? "" : entity.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, parts: { text: string; html: string }): void {
  const type = (headers["content-type"] ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break; // the closing delimiter
      const child = splitEntity(section.replace(/^\r?\n/, ""));
      collectParts(child.headers, child.body.replace(/\r?\n$/, ""), parts);
    }
    return;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"] ?? "7bit");
  if (type.startsWith("text/plain")) parts.text ||= decoded;
  else if (type.startsWith("text/html")) parts.html ||= decoded;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body.replace(/=\r?\n/g, ""));
    default:
      return body.replace(/\r\n/g, "\n");
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (text[i] === "\r" && text[i + 1] === "\n") {
      continue; // keep line breaks as "\n"
    } else {
      bytes.push(...Buffer.from(text[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between adjacent words is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_word, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
