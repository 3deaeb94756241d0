import { CONNECTION_MATCH_FIELDS, type ConnectionProvider, type ConnectionSource, type Pool } from "./pool-presentation";

export type ConnectionDraft = { key: string; source: ConnectionSource; provider: ConnectionProvider | "" } & Record<
  (typeof CONNECTION_MATCH_FIELDS)[number],
  string
>;

export interface PoolFormValues {
  name: string;
  isActive: boolean;
  assignInboundLeads: boolean;
  assignManualLeads: boolean;
  emailNotificationsEnabled: boolean;
  followerUserId: string;
  goalTotalDeals: string;
  goalWonDeals: string;
  participantIds: string[];
  connections: ConnectionDraft[];
}

let draftSequence = 0;
export function emptyConnection(source: ConnectionSource = "webhook"): ConnectionDraft {
  const draft = { key: `c${++draftSequence}`, source, provider: "" } as ConnectionDraft;
  for (const field of CONNECTION_MATCH_FIELDS) draft[field] = "";
  return draft;
}

export const NEW_POOL: PoolFormValues = {
  name: "",
  isActive: true,
  assignInboundLeads: true,
  assignManualLeads: false,
  emailNotificationsEnabled: false,
  followerUserId: "",
  goalTotalDeals: "",
  goalWonDeals: "",
  participantIds: [],
  connections: [],
};

export function formFromPool(pool: Pool): PoolFormValues {
  return {
    name: pool.name,
    isActive: pool.isActive,
    assignInboundLeads: pool.assignInboundLeads,
    assignManualLeads: pool.assignManualLeads,
    emailNotificationsEnabled: pool.emailNotificationsEnabled,
    followerUserId: pool.followerUserId ?? "",
    goalTotalDeals: pool.goalTotalDeals?.toString() ?? "",
    goalWonDeals: pool.goalWonDeals?.toString() ?? "",
    participantIds: pool.participants.map((p) => p.userId),
    connections: pool.connections.map((c) => {
      const draft = emptyConnection(c.source);
      draft.provider = c.provider ?? "";
      for (const field of CONNECTION_MATCH_FIELDS) draft[field] = c[field] ?? "";
      return draft;
    }),
  };
}

const goal = (value: string) => (value.trim() === "" ? null : Number(value));

/** The request body; `participantIds` and `connections` only when they changed (a new order resets the pointer). */
export function poolBodyFrom(values: PoolFormValues, before?: PoolFormValues) {
  const connections = poolBodyConnections(values);
  const body = {
    name: values.name,
    isActive: values.isActive,
    assignInboundLeads: values.assignInboundLeads,
    assignManualLeads: values.assignManualLeads,
    emailNotificationsEnabled: values.emailNotificationsEnabled,
    followerUserId: values.followerUserId || null,
    goalTotalDeals: goal(values.goalTotalDeals),
    goalWonDeals: goal(values.goalWonDeals),
  };
  const participantsChanged = !before || before.participantIds.join() !== values.participantIds.join();
  const connectionsChanged = !before || JSON.stringify(poolBodyConnections(before)) !== JSON.stringify(connections);
  return {
    ...body,
    ...(participantsChanged ? { participantIds: values.participantIds } : {}),
    ...(connectionsChanged ? { connections: connections as never } : {}),
  };
}

function poolBodyConnections(values: PoolFormValues) {
  return values.connections.map(connectionBodyOf);
}

/** A connection draft as the server reads it: trimmed fields, empty ones left out. */
export function connectionBodyOf(draft: ConnectionDraft): Record<string, string> {
  const connection: Record<string, string> = { source: draft.source };
  if (draft.provider) connection.provider = draft.provider;
  for (const field of CONNECTION_MATCH_FIELDS) if (draft[field].trim()) connection[field] = draft[field].trim();
  return connection;
}
