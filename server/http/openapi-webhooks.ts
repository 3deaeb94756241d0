import { z } from "zod";
import { activityUserSchema, leadSchema } from "../api/routers/leads/lead.types";
import { projectSchema, unitSchema } from "../api/routers/projects/project.types";
import { EVENT_ENVELOPE_SCHEMAS, eventOrganizationSchema } from "../events/event-envelope";
import { EVENT_CATALOGUE, EVENT_TYPES, type EventType } from "../events/event-types";
import { leadCommunicationSchema, leadNoteSchema } from "../events/payloads/lead-event-data";
import { listJournalEventsMeta } from "../api/routers/events/list-journal-events.types";
import { getEventSampleMeta } from "../api/routers/webhooks/get-event-sample.types";
import { USER_AGENT } from "../webhooks/attempt";

type Json = Record<string, unknown>;

/** The representations events carry, named once so every event refers to the same component. */
const SHARED_COMPONENTS: Record<string, z.ZodType> = {
  Lead: leadSchema,
  Project: projectSchema,
  Unit: unitSchema,
  LeadNote: leadNoteSchema,
  LeadCommunication: leadCommunicationSchema,
  ActivityUser: activityUserSchema,
  EventOrganization: eventOrganizationSchema,
};

/** `unit.status_changed` → `UnitStatusChangedEvent`. */
function eventComponentName(type: EventType): string {
  const words = type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${words.join("")}Event`;
}

const eventRef = (type: EventType) => `#/components/schemas/${eventComponentName(type)}`;

function header(name: string, description: string, schema: Json): Json {
  return { name, in: "header", required: true, description, schema };
}

function deliveryHeaders(type: EventType): Json[] {
  return [
    header("X-Service-Event", "The event type", { type: "string", const: type }),
    header("X-Service-Delivery", "The delivery's uuid: the same in every retry; use it to drop duplicates", { type: "string", format: "uuid" }),
    header(
      "X-Service-Signature",
      "`sha256=` and the hex HMAC-SHA256 of the exact raw body, keyed with the subscription's secret; compare in constant time",
      { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
    ),
    header(
      "X-Service-Signatures",
      "Every valid signature, space-separated: the current secret's (as in `X-Service-Signature`), then, for 24 hours after " +
        "`POST /webhooks/subscriptions/{id}/rotate-secret`, the previous secret's. Accept the delivery when any entry matches a secret you hold",
      { type: "string", pattern: "^sha256=[0-9a-f]{64}( sha256=[0-9a-f]{64})?$" },
    ),
    header("X-Service-Source", "Where the change came from: `ui` (dashboard), `api` (this API: drop it if you write back), `system`", {
      type: "string",
      enum: ["ui", "api", "system"],
    }),
    header("User-Agent", "Always this value", { type: "string", const: USER_AGENT }),
  ];
}

function webhookOperation(type: EventType): Json {
  const { group, data } = EVENT_CATALOGUE[type];
  return {
    post: {
      operationId: `webhook_${type.replace(".", "_")}`,
      tags: ["Webhooks"],
      summary: type,
      description:
        `${data.description ?? ""} Sent to subscriptions of \`${type}\` (${group}) as a signed \`POST\` with a JSON body; ` +
        "see the Webhooks section of the guide for the signature check and the retry schedule.",
      // No bearer: the receiver authenticates a delivery by its X-Service-Signature.
      security: [],
      parameters: deliveryHeaders(type),
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: eventRef(type) } } },
      },
      responses: {
        "2XX": { description: "Any 2xx acknowledges the delivery; the response body is ignored" },
        "410": { description: "Gone: the subscription is deactivated at once and nothing more is sent" },
        default: {
          description: "Any other answer, a network error or no answer in time fails the attempt; it is retried on the schedule",
        },
      },
    },
  };
}

/** Drops the keys zod writes for a standalone JSON Schema document; a component of an OpenAPI document has neither. */
function asComponent(schema: unknown): Json {
  const { $schema: _schema, $id: _id, ...component } = schema as Json;
  return component;
}

/**
 * The OpenAPI 3.1 `webhooks` section (one entry per event type, its body the
 * envelope of that type) and the components it refers to, generated from the
 * same zod schemas the recorder checks every event against.
 */
export function webhooksSection(): { webhooks: Record<string, Json>; schemas: Record<string, Json> } {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SHARED_COMPONENTS)) registry.add(schema, { id });
  for (const type of EVENT_TYPES) registry.add(EVENT_ENVELOPE_SCHEMAS[type], { id: eventComponentName(type) });
  const generated = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas;
  return {
    webhooks: Object.fromEntries(EVENT_TYPES.map((type) => [type, webhookOperation(type)])),
    schemas: Object.fromEntries(Object.entries(generated).map(([id, schema]) => [id, asComponent(schema)])),
  };
}


/** Any event's body: one of the webhooks' envelope components, told apart by `type`. */
function anyEventSchema(): Json {
  return {
    oneOf: EVENT_TYPES.map((type) => ({ $ref: eventRef(type) })),
    discriminator: { propertyName: "type", mapping: Object.fromEntries(EVENT_TYPES.map((type) => [type, eventRef(type)])) },
  };
}

function jsonAnswer(paths: Record<string, unknown> | undefined, path: string): Json {
  const operation = (paths?.[path] as Json | undefined)?.get as Json | undefined;
  const success = (operation?.responses as Record<string, Json> | undefined)?.["200"];
  const content = (success?.content as Record<string, Json> | undefined)?.["application/json"];
  if (!content) throw new Error(`${path} has no documented JSON answer to point at the event schemas`);
  return content;
}

/**
 * `GET /webhooks/samples/{event}` answers the envelope of the requested type,
 * and `GET /events` lists envelopes: their documented answers point at the
 * same components as the webhooks, instead of a second, inline copy of every payload.
 */
export function pointSampleRouteAtEvents(paths: Record<string, unknown> | undefined): void {
  jsonAnswer(paths, getEventSampleMeta.openapi.path).schema = anyEventSchema();
  const journal = jsonAnswer(paths, listJournalEventsMeta.openapi.path);
  const properties = (journal.schema as Json | undefined)?.properties as Record<string, Json> | undefined;
  if (!properties?.data) throw new Error(`${listJournalEventsMeta.openapi.path} answers no \`data\` list`);
  properties.data = { ...properties.data, items: anyEventSchema() };
}
