"use client";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { useDictionary } from "~/lib/i18n/i18n-provider";

/** A page that failed to render: say so inside the dashboard frame and offer a retry, never a blank screen. */
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  const t = useDictionary();
  return (
    <Card>
      <EmptyState title={t.common.somethingWrong} action={<Button onClick={reset}>{t.common.retry}</Button>} />
    </Card>
  );
}
