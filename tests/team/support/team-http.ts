import { EmbeddedDriver } from "../../../server/jobs/embedded/embedded-driver";
import { sendMailJob } from "../../../server/mail/send-mail-job";
import type { Db } from "../../../server/db/client";
import type { TestServer } from "../../support/api-server";
import type { CapturedMail } from "../../support/smtp-capture";
import { callTrpc } from "../../security/support/dashboard-session";

/** The app origin the mailed links point at in these tests. */
export const APP_ORIGIN = "http://inmo.test";

export interface TrpcAnswer<T> {
  status: number;
  data: T;
  error: { message: string; code?: string; data?: { api?: { code: string }; fieldErrors?: Record<string, string> } } | undefined;
  /** The contract's error code (NOT_FOUND, CONFLICT…) when the call failed. */
  code: string | undefined;
}

/** A dashboard call over real HTTP, its result or its error unwrapped. */
export async function trpc<T = Record<string, unknown>>(
  server: TestServer,
  procedure: string,
  options: { cookie?: string; input?: unknown; mutation?: boolean; address?: string } = {},
): Promise<TrpcAnswer<T>> {
  const headers = options.address ? { "x-forwarded-for": options.address } : undefined;
  const response = await callTrpc(server, procedure, { ...options, headers });
  const body = (await response.json()) as { result?: { data: T }; error?: TrpcAnswer<T>["error"] };
  return { status: response.status, data: body.result?.data as T, error: body.error, code: body.error?.data?.api?.code ?? body.error?.code };
}

/** Runs the send-mail job until the outbox is empty, so queued mails reach the capture server. */
export async function deliverMail(db: Db): Promise<void> {
  const driver = new EmbeddedDriver({ db, jobs: [sendMailJob] });
  while ((await driver.runDue()) > 0) {
    // keep going: one claim per call
  }
}

/** The token of the first link in a captured mail that opens `path` on the app. */
export function linkToken(mail: CapturedMail, path: string): string {
  const match = new RegExp(`${APP_ORIGIN.replace(/[.]/g, "\\.")}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
}

export function tokenOfUrl(url: string | null | undefined): string {
  if (!url) throw new Error("expected a link");
  return new URL(url).searchParams.get("token")!;
}

let addressCounter = 0;
/** A fresh client address, so one test's throttle budget does not leak into another. */
export const freshAddress = () => `198.51.100.${++addressCounter}`;
