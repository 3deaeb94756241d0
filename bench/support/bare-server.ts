import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

/**
 * The yardstick for the REST door: a bare `node:http` + `pg` handler doing the
 * same database work with nothing else, i.e. the bearer looked up by its
 * SHA-256 (with its organization), then for GET /leads the same page of 20
 * (newest first, with stage, project and assignee names) and the exact total
 * read as the app reads it for an unfiltered list by someone who sees every
 * lead: the sum of the organization's maintained `all` count rows
 * (server/leads/lead-counts.ts), not a count of its leads.
 * The pool has the app's default size (10).
 */
export async function startBareServer(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const principalOf = async (header: string | undefined) => {
    const token = /^Bearer (\S+)$/.exec(header ?? "")?.[1];
    if (!token) return null;
    const digest = createHash("sha256").update(token).digest("hex");
    const { rows } = await pool.query<{ organizationId: string; name: string; slug: string | null; scopes: string[] }>(
      `SELECT k."organizationId", o."name", o."slug", k."scopes" FROM "ApiKey" k JOIN "Organization" o ON o."id" = k."organizationId"
       WHERE k."keyHash" = $1 AND k."isActive"`,
      [digest],
    );
    return rows[0] ?? null;
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const principal = await principalOf(req.headers.authorization);
      if (!principal) return send(res, 401, { error: { message: "unauthorized", code: "UNAUTHORIZED" } });
      if (req.url === "/api/v1/me") {
        return send(res, 200, {
          organization: { id: principal.organizationId, name: principal.name, slug: principal.slug },
          auth: { type: "api_key", scopes: principal.scopes, clientId: null, userId: null },
        });
      }
      if (req.url === "/api/v1/leads") {
        const [page, count] = await Promise.all([
          pool.query(
            `SELECT l.*, s."name" AS "stageName", p."name" AS "projectName",
                    u."id" AS "assigneeId", u."name" AS "assigneeName", u."email" AS "assigneeEmail", u."image" AS "assigneeImage"
             FROM "Lead" l
             LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
             LEFT JOIN "Project" p ON p."id" = l."projectId"
             LEFT JOIN "User" u ON u."id" = l."assignedToId"
             WHERE l."organizationId" = $1 ORDER BY l."createdAt" DESC, l."id" DESC LIMIT 20`,
            [principal.organizationId],
          ),
          pool.query<{ total: string | null }>(
            `SELECT sum("count") AS total FROM "LeadCount" WHERE "organizationId" = $1 AND "dimension" = 'all' AND "value" = ''`,
            [principal.organizationId],
          ),
        ]);
        const total = Number(count.rows[0]?.total ?? 0);
        return send(res, 200, { data: page.rows, pagination: { total, limit: 20, offset: 0, hasMore: total > 20 } });
      }
      return send(res, 404, { error: { message: "not found", code: "NOT_FOUND" } });
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error), code: "INTERNAL_ERROR" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    get: (path: string, token: string) => fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
