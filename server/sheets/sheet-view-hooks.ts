/**
 * Who hears that a lead opened its personal sheet, after the view is on the
 * lead's timeline. The owner's notice is not a listener: it is written with
 * the timeline entry, in its transaction (server/leads/activities/sheet-activity.ts),
 * so it cannot be lost after the commit. This is for work that may. Listeners
 * run after the write committed; a listener's failure never reaches the lead.
 */
export interface SheetViewed {
  organizationId: string;
  leadId: string;
  /** The lead's owner, the person to tell; null for an unassigned lead. */
  ownerId: string | null;
  projectId: string;
  unitId: string | null;
  at: Date;
}

type Listener = (view: SheetViewed) => void | Promise<void>;

const listeners = new Set<Listener>();

export function onSheetViewed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function announceSheetViewed(view: SheetViewed): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(view);
    } catch {
      // A notice that cannot be given is the notifier's problem, not the buyer's.
    }
  }
}
