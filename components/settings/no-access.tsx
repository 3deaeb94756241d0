import type { Dictionary } from "~/lib/i18n/en";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";

/** What a member sees on a Settings address: the server decided, not the menu. */
export function NoAccess({ t }: { t: Dictionary }) {
  return (
    <Card>
      <EmptyState title={t.common.noAccessTitle} description={t.common.noAccessBody} />
    </Card>
  );
}
