import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";

/**
 * Prefixed ids for the records the contract calls "prefixed": the prefix tells
 * an integrator (and support) what an id is at a glance, and a path parameter
 * of the wrong kind is refused before any query runs. Users, members, stages,
 * pools, subscriptions and deliveries use UUIDs.
 */
export const ID_PREFIXES = {
  lead: "lead",
  activity: "act",
  project: "prj",
  unit: "unit",
  sequence: "seq",
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

/** Event ids are `evt_` + uuid, per the contract. */
export function newEventId(): string {
  return `evt_${randomUUID()}`;
}
