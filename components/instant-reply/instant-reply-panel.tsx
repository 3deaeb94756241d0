"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { Field, Select } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { ChannelStates } from "./channel-states";
import { SourceReplyForm, type SourceReply } from "./source-reply-form";

/**
 * Settings → Instant reply (owners and admins): what each channel can do now
 * (said plainly when none can send, so nobody believes leads are answered
 * when they are not), and the reply of each lead source.
 */
export function InstantReplyPanel() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const settings = useQuery(trpc.instantReply.sources.queryOptions());
  const [source, setSource] = useState("website");
  const r = t.instantReply;

  if (settings.isPending) return <LoadingBlock label={t.common.loading} />;
  if (settings.isError) return <p className="text-sm text-danger">{errorMessageOf(settings.error, t.common.somethingWrong)}</p>;
  const { availableChannels, sources } = settings.data;
  const noChannel = availableChannels.every((state) => !state.available);
  const selected = sources.find((item) => item.source === source) as SourceReply | undefined;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title={r.channelsTitle} description={r.subtitle} />
        <div className="space-y-3 p-5">
          <ChannelStates availableChannels={availableChannels} noChannel={noChannel} />
        </div>
      </Card>
      <Card>
        <CardHeader title={r.title} description={r.poolsNote} />
        <div className="space-y-4 p-5">
          <Field label={r.source}>
            {(props) => (
              <Select {...props} name="source" value={source} onChange={(event) => setSource(event.target.value)}>
                {sources.map((item) => (
                  <option key={item.source} value={item.source}>
                    {t.leadSource[item.source] ?? item.source}
                    {item.enabled ? " ✓" : ""}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {selected && <SourceReplyForm key={selected.source} initial={selected} />}
        </div>
      </Card>
    </div>
  );
}
