import type { ConnectionProvider, ConnectionSource, PoolDistribution } from "./round-robin-values";

/** A participant's share of the rotation and cap, by user id (each a participant of the pool after the request). */
export interface ParticipantSettingRequest {
  userId: string;
  weight?: number;
  dailyCap?: number | null;
}

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
  distribution?: PoolDistribution;
  claimWindowMinutes?: number;
}

export interface CreatePoolRequest extends PoolSettingsRequest {
  name: string;
  participantIds: string[];
  participantSettings?: ParticipantSettingRequest[];
  connections?: ConnectionRequest[];
}

export interface UpdatePoolRequest extends PoolSettingsRequest {
  participantIds?: string[];
  participantSettings?: ParticipantSettingRequest[];
  connections?: ConnectionRequest[];
}
