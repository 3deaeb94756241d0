import type { DomainContext } from "../domain-context";
import { replyChannels, type ChannelState } from "../messaging/channel-availability";
import {
  applyChanges,
  modeCanSend,
  organizationMatchSendingOf,
  rowOf,
  type MatchSendingChanges,
  type MatchSendingSettings,
} from "./match-sending-settings";

export interface MatchSendingDefaultView extends MatchSendingSettings {
  availableChannels: ChannelState[];
  canSend: boolean;
}

/**
 * The organization's default for new matches: what every project without a
 * setting of its own does (GET/PATCH /match-sending). A project's own setting
 * always wins, so changing the default never changes a project that chose.
 */
export async function getMatchSendingDefault({ db, principal }: DomainContext): Promise<MatchSendingDefaultView> {
  const organizationId = principal.organizationId;
  const settings = await organizationMatchSendingOf(db, organizationId);
  const availableChannels = await replyChannels(db, organizationId, principal.organization.sandbox);
  return { ...settings, availableChannels, canSend: modeCanSend(settings.sendToLead, availableChannels) };
}

export async function updateMatchSendingDefault(ctx: DomainContext, changes: MatchSendingChanges): Promise<MatchSendingDefaultView> {
  const organizationId = ctx.principal.organizationId;
  const data = rowOf(applyChanges(await organizationMatchSendingOf(ctx.db, organizationId), changes));
  // Keyed by the organization: two saves at once end as one row.
  await ctx.db.matchSendingDefault.upsert({ where: { organizationId }, create: { organizationId, ...data }, update: data });
  return getMatchSendingDefault(ctx);
}
