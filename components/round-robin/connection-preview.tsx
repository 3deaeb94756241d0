"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { connectionBodyOf, type ConnectionDraft } from "./pool-form-values";

const SHOWN = 5;

/**
 * Under a connection being edited: which of the newest leads it would match,
 * checked by the server with the router's own rule, once typing pauses, so a
 * connection that would miss the leads it is meant for shows it before saving.
 */
export function ConnectionPreview({ draft }: { draft: ConnectionDraft }) {
  const { t } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const wanted = JSON.stringify(connectionBodyOf(draft));
  const [settled, setSettled] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), 400);
    return () => clearTimeout(timer);
  }, [wanted]);
  const preview = useQuery({
    ...trpc.roundRobin.previewConnection.queryOptions({ connection: JSON.parse(settled) as never }),
    placeholderData: keepPreviousData,
  });
  if (!preview.data) return null;
  const { checked, matches } = preview.data;
  return (
    <div className="text-xs text-ink-muted sm:col-span-3" aria-live="polite" data-testid="connection-preview">
      {checked === 0 ? (
        r.previewEmpty
      ) : matches.length === 0 ? (
        r.previewNone(checked)
      ) : (
        <>
          {r.previewSome(matches.length, checked)}{" "}
          {matches.slice(0, SHOWN).map((match, index) => (
            <span key={match.leadId}>
              {index > 0 && ", "}
              <Link href={`/leads/${match.leadId}`} className="font-medium text-ink hover:text-accent">
                {match.leadName ?? t.leads.unnamed}
              </Link>
            </span>
          ))}
          {matches.length > SHOWN && ` ${r.previewMore(matches.length - SHOWN)}`}
        </>
      )}
    </div>
  );
}
