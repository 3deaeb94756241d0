import { z } from "zod";
import { timestampSchema } from "../api/schemas/timestamp";
import { EVENT_CATALOGUE, EVENT_TYPES, type EventCatalogue, type EventData, type EventType } from "./event-types";

/** The organization the event belongs to, as every envelope names it. */
export const eventOrganizationSchema = z
  .object({ id: z.string(), name: z.string(), slug: z.string().nullable() })
  .describe("The organization the event belongs to");

function envelopeOf<T extends EventType>(type: T) {
  return z
    .object({
      id: z.string().describe("`evt_` + uuid; the same in every retry of a delivery"),
      type: z.literal(type),
      createdAt: timestampSchema.describe("When the change was recorded (ISO 8601 UTC with milliseconds)"),
      organization: eventOrganizationSchema,
      data: EVENT_CATALOGUE[type].data as EventCatalogue[T]["data"],
    })
    .describe(`The signed body of a \`${type}\` delivery`);
}

type EnvelopeSchemas = { [T in EventType]: ReturnType<typeof envelopeOf<T>> };

/** The signed body of each event type's deliveries (the contract's envelope), one schema per type. */
export const EVENT_ENVELOPE_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((type) => [type, envelopeOf(type)])) as EnvelopeSchemas;

/** Any delivery's body, told apart by `type`. */
export const eventEnvelopeSchema = z.discriminatedUnion(
  "type",
  EVENT_TYPES.map((type) => EVENT_ENVELOPE_SCHEMAS[type]) as [EnvelopeSchemas[EventType], ...EnvelopeSchemas[EventType][]],
);

export type EventEnvelope = z.output<typeof eventEnvelopeSchema>;

/** An event as a writer hands it to the recorder: its type and a `data` that type's schema accepts. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
