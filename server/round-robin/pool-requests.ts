import type { ConnectionProvider, ConnectionSource } from "./round-robin-values";

/** A connection as a request names it (validated on the wire: lengths, provider for automation, workflowId for workflow). */
export interface ConnectionRequest {
  source: ConnectionSource;
  provider?: ConnectionProvider | null;
  sourceKey?: string | null;
  adplatformPageId?: string | null;
  adplatformFormId?: string | null;
  adplatformAdId?: string | null;
  adplatformCampaignId?: string | null;
  utmCampaign?: string | null;
  workflowId?: string | null;
  isActive?: boolean;
}

export interface PoolSettingsRequest {
  name?: string;
  followerUserId?: string | null;
  goalTotalDeals?: number | null;
  goalWonDeals?: number | null;
  isActive?: boolean;
  assignInboundLeads?: boolean;
  assignManualLeads?: boolean;
  emailNotificationsEnabled?: boolean;
}

export interface CreatePoolRequest extends PoolSettingsRequest {
  name: string;
  participantIds: string[];
  connections?: ConnectionRequest[];
}

export interface UpdatePoolRequest extends PoolSettingsRequest {
  participantIds?: string[];
  connections?: ConnectionRequest[];
}
