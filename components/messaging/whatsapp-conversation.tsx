"use client";

import { useEffect, useRef } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { cx } from "../ui/cx";
import { DeliveryTicks } from "./delivery-ticks";
import { failureText, fillTemplate, formatMessageTime, type MessageTemplate, type WhatsAppMessage } from "./messaging-presentation";

/**
 * The conversation as a chat: the lead's messages on the left, ours on the
 * right with WhatsApp's delivery marks, and the reason under any message that
 * could not be delivered. It scrolls to the newest message as they arrive.
 */
export function WhatsAppConversation({
  messages,
  hasEarlier,
  templates,
}: {
  messages: WhatsAppMessage[];
  hasEarlier: boolean;
  /** The sender's templates when loaded: a template message then reads as the text the contact got. */
  templates: MessageTemplate[] | undefined;
}) {
  const { t } = useI18n();
  const end = useRef<HTMLLIElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [newest]);

  return (
    <div className="max-h-96 overflow-y-auto px-4 py-3 sm:px-5" data-testid="whatsapp-conversation">
      {hasEarlier && <p className="mb-2 text-center text-xs text-ink-subtle">{t.messaging.card.earlier}</p>}
      <ol className="flex flex-col gap-2" aria-label={t.messaging.card.conversation}>
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} templates={templates} />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}

function textOf(message: WhatsAppMessage, templates: MessageTemplate[] | undefined): string {
  if (!message.template) return message.text;
  const { name, language, parameters } = message.template;
  const template = templates?.find((candidate) => candidate.name === name && candidate.language === language);
  return template ? fillTemplate(template.body, parameters) : parameters.join(" · ") || name;
}

function MessageBubble({ message, templates }: { message: WhatsAppMessage; templates: MessageTemplate[] | undefined }) {
  const { t, dates } = useI18n();
  const outbound = message.direction === "outbound";
  const failure = failureText(message, t);
  const kind = message.type !== "text" ? t.messaging.types[message.type] : undefined;
  return (
    <li className={cx("flex flex-col", outbound ? "items-end" : "items-start")} data-testid="whatsapp-message" data-direction={message.direction}>
      <div
        className={cx(
          "max-w-[85%] rounded-2xl px-3 py-2 text-sm text-ink",
          outbound ? "rounded-br-md bg-accent-soft" : "rounded-bl-md bg-canvas",
          message.status === "failed" && "ring-1 ring-danger/30",
        )}
      >
        {outbound && message.sentBy && <p className="mb-0.5 truncate text-[11px] font-medium text-accent">{message.sentBy}</p>}
        {(kind || message.template) && (
          <p className="mb-0.5 text-[11px] font-medium text-ink-muted">
            {message.template ? `${t.messaging.types.template} · ${message.template.name}` : kind}
          </p>
        )}
        <p className="whitespace-pre-wrap break-words">{textOf(message, templates)}</p>
        <div className="mt-1 flex items-center justify-end gap-1 text-[11px] text-ink-subtle">
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt, dates)}>
            {formatMessageTime(message.createdAt, dates)}
          </time>
          {outbound && <DeliveryTicks status={message.status} t={t} />}
        </div>
      </div>
      {failure && (
        <p className="mt-1 max-w-[85%] text-right text-xs text-danger" data-testid="whatsapp-failure">
          {t.messaging.delivery.failed}: {failure}
        </p>
      )}
    </li>
  );
}
