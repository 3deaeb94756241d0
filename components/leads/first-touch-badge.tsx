"use client";

import { useEffect, useState } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Badge } from "../ui/badge";

export interface FirstTouchState {
  dueAt: string | null;
  touchedAt: string | null;
  breachedAt: string | null;
}

/** Re-renders every 30 s so a running countdown stays true while the page is open. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The first-touch deadline at a glance: due in, met (in time or late), or
 * overdue. Nothing when no deadline ran; lists pass `openOnly` to show only
 * the leads still waiting.
 */
export function FirstTouchBadge({ firstTouch, openOnly = false }: { firstTouch: FirstTouchState; openOnly?: boolean }) {
  const { t, dates } = useI18n();
  const waiting = firstTouch.dueAt !== null && firstTouch.touchedAt === null;
  const now = useNow(waiting);
  if (firstTouch.dueAt === null) return null;
  const due = Date.parse(firstTouch.dueAt);
  if (firstTouch.touchedAt !== null) {
    if (openOnly) return null;
    const inTime = Date.parse(firstTouch.touchedAt) <= due;
    return (
      <span data-testid="first-touch" data-state="met">
        <Badge tone={inTime ? "success" : "warning"}>{inTime ? t.firstTouch.met : t.firstTouch.metLate}</Badge>
      </span>
    );
  }
  if (firstTouch.breachedAt !== null || due <= now) {
    return (
      <span data-testid="first-touch" data-state="breached">
        <Badge tone="danger">{t.firstTouch.breached(formatDateTime(firstTouch.breachedAt ?? firstTouch.dueAt, dates))}</Badge>
      </span>
    );
  }
  const minutes = Math.ceil((due - now) / 60_000);
  return (
    <span data-testid="first-touch" data-state="due">
      <Badge tone="warning">{minutes <= 60 ? t.firstTouch.dueIn(minutes) : t.firstTouch.dueAt(formatDateTime(firstTouch.dueAt, dates))}</Badge>
    </span>
  );
}
