import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { sendWebResponse, webRequestOf } from "../../server/http/node-adapter";
import type { TestServer } from "../support/api-server";
import { body, type Json } from "../leads/helpers";

export interface SheetLink extends Json {
  id: string;
  url: string;
  views: number;
  leadId: string | null;
  interestedAt: string | null;
}

export interface Catalog {
  projectId: string;
  unitId: string;
}

/** A project with one unit (A-1201), priced in `currency`. */
export async function createCatalog(server: TestServer, token: string, project: Json = {}): Promise<Catalog> {
  const created = await body<{ id: string }>(
    await server.api("/projects", {
      token,
      method: "POST",
      json: {
        name: "Torre Norte",
        city: "Zapopan",
        state: "Jalisco",
        address: "Av. Patria 1200",
        currency: "MXN",
        bedrooms: 2,
        bathrooms: 2,
        image: "https://images.example.com/torre-norte.jpg",
        units: [{ name: "A-1201", price: 4250000, area: 96, type: "apartment" }],
        ...project,
      },
    }),
    201,
  );
  const read = await body<{ units: { id: string }[] }>(await server.api(`/projects/${created.id}`, { token }), 200);
  return { projectId: created.id, unitId: read.units[0]!.id };
}

export async function personalLink(server: TestServer, token: string, leadId: string, catalog: Catalog): Promise<SheetLink> {
  return body<SheetLink>(
    await server.api(`/leads/${leadId}/sheet-links`, { token, method: "POST", json: { projectId: catalog.projectId, unitId: catalog.unitId } }),
    201,
  );
}

/** The sheet's path on `baseUrl` (links name the configured origin; tests open them on their own server). */
export function sheetPath(link: SheetLink): string {
  const path = new URL(link.url).pathname;
  expect(path).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
  return path;
}

/** A server answering only the sheet door, built with a fixed clock, for rules measured in time. */
export async function startSheetServer(handler: (req: Request) => Promise<Response>): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    await sendWebResponse(req, res, await handler(webRequestOf(req)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
