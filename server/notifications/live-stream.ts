import { readDashboardSession } from "../auth/read-session";
import { resolvePrincipalFromSession } from "../auth/resolve-session";
import { getDb } from "../db";
import { listenForNotices, type LiveNotice } from "./live-feed";

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

/**
 * `GET /api/notifications/stream`: Server-Sent Events for the signed-in
 * person's new notices in the session's organization (`event: notification`,
 * the notice as JSON) and notices of theirs just read (`event: read`: in another
 * tab, or an offer settled because someone claimed the lead), as the live feed finds them. Dashboard session only
 * (401 without one). `retry: 2000` makes a browser reconnect within two
 * seconds after a restart; on every (re)connect it sends `event: ready`, and
 * the dashboard reloads its list then, so a notice written while it was
 * away is never lost. `Cache-Control: no-transform` keeps compression from
 * buffering the stream.
 */
export async function notificationStream(req: Request): Promise<Response> {
  const db = await getDb();
  const session = await readDashboardSession(req);
  const principal = session ? await resolvePrincipalFromSession(db, session) : null;
  if (!principal || principal.userId === null) return new Response("Sign in first.\n", { status: 401, headers: { "content-type": "text/plain" } });
  const { organizationId, userId } = principal;
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unlisten = listenForNotices(db, organizationId, userId, (notice: LiveNotice) => {
        send(`id: ${notice.seq}\nevent: ${notice.readAt === null ? "notification" : "read"}\ndata: ${JSON.stringify(notice)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unlisten();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      req.signal.addEventListener("abort", () => stop());
      send("retry: 2000\nevent: ready\ndata: {}\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    },
  });
}
