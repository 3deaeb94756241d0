"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Badge } from "../ui/badge";

export interface ChannelState {
  channel: string;
  available: boolean;
  reason: string | null;
}

/**
 * What each channel can do now, and a plain warning when the reply cannot go
 * out at all (`noChannel`), so nobody believes leads are answered when they are not.
 */
export function ChannelStates({ availableChannels, noChannel, noChannelText }: { availableChannels: ChannelState[]; noChannel: boolean; noChannelText?: string }) {
  const { t } = useI18n();
  const r = t.instantReply;
  return (
    <>
      {noChannel && (
        <p className="rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning" data-testid="instant-reply-no-channel" role="status">
          {noChannelText ?? r.noChannel}
        </p>
      )}
      <ul className="divide-y divide-line text-sm" aria-label={r.channelsTitle}>
        {availableChannels.map((state) => (
          <li key={state.channel} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid={`channel-${state.channel}`}>
            <span className="min-w-0 font-medium">{r.channel[state.channel]}</span>
            <Badge tone={state.available ? "success" : "warning"}>{state.available ? r.available : r.unavailable}</Badge>
            {state.reason && <span className="w-full text-ink-muted">{r.reasons[state.reason]}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
