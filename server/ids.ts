import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "./errors/api-error";

/**
 * Prefixed ids for the records the contract calls "prefixed": the prefix tells
 * an integrator (and support) what an id is at a glance, and a path parameter
 * of the wrong kind is refused before any query runs. Users, members, stages,
 * pools, subscriptions, deliveries and WhatsApp senders use UUIDs.
 */
export const ID_PREFIXES = {
  lead: "lead",
  activity: "act",
  project: "prj",
  unit: "unit",
  sequence: "seq",
  message: "msg",
  merge: "mrg",
  leadImport: "imp",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 24; // 24 base-36 characters ≈ 124 bits

export function newId(kind: IdKind): string {
  const bytes = randomBytes(RANDOM_LENGTH);
  let suffix = "";
  for (const byte of bytes) suffix += ALPHABET[byte % 36];
  return `${ID_PREFIXES[kind]}_${suffix}`;
}

export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${ID_PREFIXES[kind]}_[0-9a-z]{${RANDOM_LENGTH}}$`);
}

/** zod schema accepting exactly the ids of one kind. */
export function idSchema(kind: IdKind) {
  return z
    .string()
    .regex(idPattern(kind), `must be a ${kind} id (${ID_PREFIXES[kind]}_…)`)
    .describe(`Prefixed ${kind} id, \`${ID_PREFIXES[kind]}_\` followed by ${RANDOM_LENGTH} characters`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Members, subscriptions and deliveries are keyed by uuids; anything else cannot exist (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Records a path names by uuid, with how the API documents and reports them. */
const UUID_PATH_KINDS = {
  member: "Membership id (uuid)",
  subscription: "Webhook subscription id (uuid)",
  delivery: "Webhook delivery id (uuid)",
  sender: "WhatsApp sender id (uuid)",
  pool: "Round robin pool id (uuid)",
  connection: "Round robin connection id (uuid)",
  participant: "A participant's user id (uuid)",
  sheetLink: "Sheet link id (uuid)",
} as const;

export type PathIdKind = IdKind | keyof typeof UUID_PATH_KINDS;

/** Marks the zod issue of a malformed path id, so rendering can answer 404 instead of 400. */
const PATH_ID_PARAM = "malformedPathId";

function isPrefixedKind(kind: PathIdKind): kind is IdKind {
  return kind in ID_PREFIXES;
}

/**
 * The id in a route's path (`/leads/{leadId}`). A malformed one names a
 * resource that does not exist, so it answers 404 NOT_FOUND exactly like an
 * unknown id or another organization's id: an integrator gets one answer
 * for "no such resource", and the status reveals nothing. The format is
 * still checked here, before any query runs (a uuid column would reject it).
 * Ids sent in a body keep `idSchema`'s 400.
 */
export function pathIdSchema(kind: PathIdKind) {
  const pattern = isPrefixedKind(kind) ? idPattern(kind) : UUID;
  const label = isPrefixedKind(kind)
    ? `Prefixed ${kind} id (\`${ID_PREFIXES[kind]}_…\`)`
    : UUID_PATH_KINDS[kind];
  return z
    .string()
    .refine((value) => pattern.test(value), { message: `no ${kind} has this id`, params: { [PATH_ID_PARAM]: kind } })
    .describe(`${label}. A malformed or unknown id, or another organization's, answers 404 \`NOT_FOUND\``);
}

/** The kind of the first malformed path id among validation issues, if any. */
export function malformedPathIdKind(issues: readonly { params?: Record<string, unknown> }[]): PathIdKind | undefined {
  for (const issue of issues) {
    const kind = issue.params?.[PATH_ID_PARAM];
    if (typeof kind === "string") return kind as PathIdKind;
  }
  return undefined;
}

/** The 404 for a path id naming nothing: the same error the domain throws for an unknown id of that kind. */
export function pathIdNotFound(kind: PathIdKind): ApiError {
  switch (kind) {
    case "project":
      return new ApiError("NOT_FOUND", "projects.projectNotFound");
    case "unit":
      return new ApiError("NOT_FOUND", "projects.unitNotFound");
    case "subscription":
      return new ApiError("NOT_FOUND", "webhooks.notFound");
    case "delivery":
      return new ApiError("NOT_FOUND", "webhooks.deliveryNotFound");
    case "lead":
      return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Lead" });
    case "member":
      return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Member" });
    case "activity":
      return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Activity" });
    case "sequence":
      return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Sequence" });
    case "message":
      return new ApiError("NOT_FOUND", "messaging.messageNotFound");
    case "merge":
      return new ApiError("NOT_FOUND", "intake.mergeNotFound");
    case "leadImport":
      return new ApiError("NOT_FOUND", "intake.importNotFound");
    case "sender":
      return new ApiError("NOT_FOUND", "messaging.senderNotFound");
    case "pool":
      return new ApiError("NOT_FOUND", "roundRobin.poolNotFound");
    case "connection":
      return new ApiError("NOT_FOUND", "roundRobin.connectionNotFound");
    case "participant":
      return new ApiError("NOT_FOUND", "roundRobin.participantNotFound");
    case "sheetLink":
      return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Sheet link" });
  }
}

/** Event ids are `evt_` + uuid, per the contract. */
export function newEventId(): string {
  return `evt_${randomUUID()}`;
}
