import type { AdPageConnection } from "../db/generated/client";
import { DEFAULT_FIELD_MAPPING, MAPPING_TARGETS, type FieldMapping, type MappingTarget } from "./field-mapping";

/** A connected page as Settings → Lead sources shows it; the token never leaves the server. */
export interface AdPageDetail {
  id: string;
  provider: string;
  pageId: string;
  pageName: string;
  status: "connected" | "reconnect_required";
  statusReason: string | null;
  /** The page's own mapping on top of the defaults: every question key listed, with where it lands. */
  fieldMapping: FieldMapping;
  leadsReceived: number;
  lastLeadAt: string | null;
  createdAt: string;
}

/** The stored mapping, keeping only known targets (a row is never trusted to be well formed). */
export function storedMappingOf(value: unknown): FieldMapping {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, MappingTarget] =>
      (MAPPING_TARGETS as readonly unknown[]).includes(entry[1]),
    ),
  );
}

export function toAdPageDetail(row: AdPageConnection): AdPageDetail {
  return {
    id: row.id,
    provider: row.provider,
    pageId: row.pageId,
    pageName: row.pageName,
    status: row.status,
    statusReason: row.statusReason,
    fieldMapping: { ...DEFAULT_FIELD_MAPPING, ...storedMappingOf(row.fieldMapping) },
    leadsReceived: row.leadsReceived,
    lastLeadAt: row.lastLeadAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
