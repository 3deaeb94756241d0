import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";

/**
 * The MCP server at /api/mcp, driven by the official SDK's own client over
 * real HTTP: a token lists only the tools its scopes (and role) allow, a read
 * tool answers what the REST door answers, a write tool is refused without
 * its scope and runs once per idempotency key with it; without a token the
 * answer points at the protected-resource metadata (RFC 9728), which names
 * our authorization server, where MCP clients register (RFC 7591).
 */

const t = useApiTest({ organization: false });

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "inmo-test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.server.baseUrl}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

type TextContent = { type: "text"; text: string }[];

describe("MCP over Streamable HTTP", () => {
  it("lists only the tools a token's scopes allow, grouped as read, write and destructive", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const reader = await seedApiKey(t.db, org.id, { scopes: ["leads:read"] });
    const client = await connect(reader.key);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("leads_list");
    expect(names).toContain("leads_get");
    expect(names).toContain("system_me");
    expect(names).not.toContain("leads_create");
    expect(names).not.toContain("leads_delete");
    expect(names).not.toContain("projects_list");
    const list = tools.find((tool) => tool.name === "leads_list")!;
    expect(list.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(list.inputSchema.properties).toHaveProperty("cursor");
    expect(list.description).toContain("GET /leads");
    await client.close();

    const writer = await connect(org.key); // every scope
    const all = (await writer.listTools()).tools;
    const byName = new Map(all.map((tool) => [tool.name, tool]));
    expect(byName.get("leads_create")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get("leads_delete")?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get("leads_create")?.inputSchema.properties).toHaveProperty("idempotencyKey");
    expect(byName.has("system_health")).toBe(false);
    await writer.close();
  });

  it("runs a read tool through the REST door and refuses a write tool without its scope", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const created = await t.server.api("/leads", { token: org.key, method: "POST", json: { firstName: "Agente", email: "agente@example.com" } });
    const lead = (await created.json()) as { id: string };
    const reader = await seedApiKey(t.db, org.id, { scopes: ["leads:read"] });
    const client = await connect(reader.key);

    const listed = await client.callTool({ name: "leads_list", arguments: { limit: 5 } });
    expect(listed.isError).toBeFalsy();
    const page = listed.structuredContent as { data: { id: string }[]; pagination: { total: number } };
    expect(page.data.map((row) => row.id)).toEqual([lead.id]);
    const rest = await (await t.server.api("/leads?limit=5", { token: reader.key })).json();
    expect(page).toEqual(rest);

    const got = await client.callTool({ name: "leads_get", arguments: { leadId: lead.id } });
    expect((got.structuredContent as { firstName: string }).firstName).toBe("Agente");
    const missing = await client.callTool({ name: "leads_get", arguments: { leadId: "lead_000000000000000000000000" } });
    expect(missing.isError).toBe(true);
    expect((missing.content as TextContent)[0]!.text).toContain("NOT_FOUND");

    const refused = await client.callTool({ name: "leads_create", arguments: { firstName: "Nope", email: "nope@example.com" } });
    expect(refused.isError).toBe(true);
    expect((refused.content as TextContent)[0]!.text).toContain("leads:write");
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(1);
    await client.close();
  });

  it("runs a write tool once per idempotency key, as the API would", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const client = await connect(org.key);
    const args = { firstName: "Idem", email: "idem@example.com", idempotencyKey: "mcp-create-1" };
    const first = await client.callTool({ name: "leads_create", arguments: args });
    const second = await client.callTool({ name: "leads_create", arguments: args });
    expect(first.isError).toBeFalsy();
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(1);
    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { organizationId: org.id, type: "lead.created" } });
    expect(event.origin).toBe("api");
    await client.close();
  });

  it("acts as the person behind an OAuth token: a member's token lists no manager tools", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const member = await seedMember(t.db, org.id, { role: "member" });
    const { token } = await seedOAuthToken(t.db, { organizationId: org.id, userId: member.userId });
    const client = await connect(token);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("leads_create");
    expect(names).not.toContain("webhooks_createSubscription");
    expect(names).not.toContain("events_list");
    await client.close();
  });
});

describe("MCP authorization discovery", () => {
  it("answers 401 naming the protected-resource metadata, which names our authorization server", async () => {
    const response = await fetch(`${t.server.baseUrl}/api/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    const challenge = response.headers.get("www-authenticate") ?? "";
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toMatch(/\/\.well-known\/oauth-protected-resource\/api\/mcp$/);

    const metadata = (await (await fetch(`${t.server.baseUrl}${new URL(metadataUrl!).pathname}`)).json()) as {
      resource: string;
      authorization_servers: string[];
      scopes_supported: string[];
    };
    expect(metadata.resource).toMatch(/\/api\/mcp$/);
    expect(metadata.scopes_supported).toContain("leads:read");
    const server = (await (await fetch(`${t.server.baseUrl}/.well-known/oauth-authorization-server`)).json()) as {
      registration_endpoint: string;
      code_challenge_methods_supported: string[];
    };
    expect(new URL(server.registration_endpoint).pathname).toBe("/oauth/register");
    expect(server.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("registers MCP clients dynamically (RFC 7591): public with PKCE by default, redirect URIs checked", async () => {
    const registered = await fetch(`${t.server.baseUrl}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_name: "Desktop agent", redirect_uris: ["http://127.0.0.1:33418/callback"] }),
    });
    expect(registered.status).toBe(201);
    const body = (await registered.json()) as { client_id: string; client_secret?: string; token_endpoint_auth_method: string };
    expect(body.client_id).toMatch(/^cli_/);
    expect(body.client_secret).toBeUndefined();
    expect(body.token_endpoint_auth_method).toBe("none");
    const client = await t.db.oAuthClient.findUniqueOrThrow({ where: { clientId: body.client_id } });
    expect(client).toMatchObject({ isPublic: true, name: "Desktop agent", organizationId: null });

    const refused = await fetch(`${t.server.baseUrl}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_name: "Bad", redirect_uris: ["http://evil.example.com/callback"] }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_redirect_uri");
  });
});
