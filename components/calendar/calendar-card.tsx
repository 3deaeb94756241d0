"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { buttonClasses, Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";

const OUTCOMES = ["connected", "denied", "expired", "failed", "missing_scope", "not_configured"] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * The member's Google Calendar on their profile: connect (a full-page
 * redirect to Google's consent screen, back through the callback route),
 * which account is connected, reconnect when Google stopped accepting the
 * grant, and disconnect (revoked at Google). Says so when the server has no
 * Google client configured.
 */
export function CalendarCard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const params = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const status = useQuery(trpc.calendar.myConnection.queryOptions({}));
  const disconnect = useMutation(
    trpc.calendar.disconnect.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        toast.success(t.calendar.disconnected);
        await queryClient.invalidateQueries({ queryKey: trpc.calendar.myConnection.queryKey() });
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const outcome = params.get("calendar") as Outcome | null;
  const outcomeText = outcome && OUTCOMES.includes(outcome) ? t.calendar.outcome[outcome] : null;
  const data = status.data;
  const connection = data?.connection ?? null;

  return (
    <Card>
      <CardHeader
        title={t.calendar.cardTitle}
        description={t.calendar.cardBody}
        actions={
          connection ? (
            <Badge tone={connection.status === "active" ? "success" : "warning"}>
              {connection.status === "active" ? "Google" : t.calendar.reconnect}
            </Badge>
          ) : data ? (
            <Badge tone="neutral">{t.calendar.notConnected}</Badge>
          ) : null
        }
      />
      <div className="flex flex-col gap-3 px-5 pb-5 text-sm" data-testid="calendar-card">
        {outcomeText && (
          <p role="status" className={outcome === "connected" ? "text-success" : "text-danger"}>
            {outcomeText}
          </p>
        )}
        {data && !data.configured && <p className="text-ink-muted">{t.calendar.notConfigured}</p>}
        {data?.configured && connection && (
          <>
            <p className="text-ink" data-testid="calendar-account">
              {t.calendar.connectedAs(connection.accountEmail)}
            </p>
            {connection.status === "reconnect_required" && <p className="text-danger">{t.calendar.needsReconnect}</p>}
            <div className="flex flex-wrap gap-2">
              {connection.status === "reconnect_required" && (
                <a href="/profile/calendar/connect" className={buttonClasses("primary")}>
                  {t.calendar.reconnect}
                </a>
              )}
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t.calendar.disconnect}
              </Button>
            </div>
          </>
        )}
        {data?.configured && !connection && (
          // A plain link, not fetch: the browser must follow the redirects to Google and back.
          <a href="/profile/calendar/connect" className={buttonClasses("primary", "md", "self-start")}>
            {t.calendar.connect}
          </a>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.calendar.disconnect}
        body={t.calendar.disconnectConfirm}
        confirmLabel={t.calendar.disconnect}
        cancelLabel={t.common.cancel}
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate({})}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
