"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import type { Lead } from "../leads/lead-presentation";
import { WhatsAppComposer } from "./whatsapp-composer";
import { WhatsAppConversation } from "./whatsapp-conversation";

/** How often the card reads the conversation again, so delivery marks and replies appear without a reload. */
const REFRESH_MS = 5_000;

/**
 * The WhatsApp card on a lead's page: the conversation both ways with
 * delivery marks and failure reasons, and a composer for a message or a
 * template from the organization's number. When something is missing (the
 * server is not configured, no number is connected, the lead's phone has no
 * country code) it says what, instead of offering a send that cannot work.
 */
export function WhatsAppLeadCard({ lead }: { lead: Lead }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const conversation = useQuery({
    ...trpc.messaging.conversation.queryOptions({ leadId: lead.id }),
    // Nothing can arrive on a server without WhatsApp; react-query also pauses polling in a background tab.
    refetchInterval: (query) => (query.state.data?.configured ? REFRESH_MS : false),
  });
  const senders = useQuery(trpc.messaging.senders.queryOptions());
  const [chosenSender, setChosenSender] = useState<string | null>(null);
  const [mode, setMode] = useState<"text" | "template">("text");
  const c = t.messaging.card;

  const senderList = senders.data?.data ?? [];
  const senderId = chosenSender ?? senderList.find((s) => s.status === "connected")?.id ?? senderList[0]?.id ?? "";
  const hasTemplateMessages = conversation.data?.messages.some((message) => message.template !== null) ?? false;
  // Outside the 24-hour window the composer offers templates only, so they are needed whatever mode was chosen.
  const windowClosed = conversation.data !== undefined && conversation.data.windowOpenUntil === null;
  const templates = useQuery({
    ...trpc.messaging.templates.queryOptions({ senderId }),
    enabled: senderId !== "" && (mode === "template" || hasTemplateMessages || windowClosed),
    staleTime: 5 * 60_000,
    retry: false,
  });

  let body: ReactNode;
  if (conversation.isPending || senders.isPending) body = <LoadingBlock label={t.common.loading} />;
  else if (conversation.isError) body = <Notice tone="danger">{errorMessageOf(conversation.error, t.common.somethingWrong)}</Notice>;
  else {
    const data = conversation.data;
    const composer = !data.configured ? (
      <Notice tone="warning">{c.notConfigured}</Notice>
    ) : senderList.length === 0 ? (
      <Notice tone="neutral">
        {c.noSender}{" "}
        <Link href="/settings/messaging" className="font-medium text-accent hover:underline">
          {c.connectInSettings}
        </Link>
      </Notice>
    ) : data.phoneProblem ? (
      <Notice tone="neutral">{data.phoneProblem === "missing" ? c.noPhone : c.notInternational}</Notice>
    ) : (
      <WhatsAppComposer
        leadId={lead.id}
        senders={senderList}
        senderId={senderId}
        onSenderChange={setChosenSender}
        mode={mode}
        onModeChange={setMode}
        templates={{ data: templates.data?.data, pending: templates.isPending && templates.fetchStatus !== "idle" }}
        windowOpenUntil={data.windowOpenUntil}
      />
    );
    body = (
      <>
        {data.messages.length > 0 ? (
          <WhatsAppConversation messages={data.messages} hasEarlier={data.hasEarlier} templates={templates.data?.data} />
        ) : (
          data.configured && senderList.length > 0 && !data.phoneProblem && <p className="px-5 pt-4 text-sm text-ink-muted">{c.empty}</p>
        )}
        {composer}
      </>
    );
  }

  return (
    <Card className="h-fit">
      <div data-testid="whatsapp-card">
        <CardHeader title={t.messaging.title} description={conversation.data?.phone ? (lead.phone ?? conversation.data.phone) : undefined} />
        {body}
      </div>
    </Card>
  );
}

function Notice({ tone, children }: { tone: "neutral" | "warning" | "danger"; children: ReactNode }) {
  const tones = { neutral: "bg-canvas text-ink-muted", warning: "bg-warning-soft text-warning", danger: "bg-danger-soft text-danger" };
  return <p className={`m-4 rounded-lg px-4 py-3 text-sm sm:m-5 ${tones[tone]}`}>{children}</p>;
}
