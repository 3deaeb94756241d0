import type { Dictionary } from "~/lib/i18n/en";
import { Card } from "./card";
import { EmptyState } from "./empty-state";

/** What a member sees on an address their role does not open (Settings, a pool's or sequence's editor): the server decided, not the menu. */
export function NoAccess({ t, body = t.common.noAccessBody }: { t: Dictionary; body?: string }) {
  return (
    <Card>
      <EmptyState title={t.common.noAccessTitle} description={body} />
    </Card>
  );
}
