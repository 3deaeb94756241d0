import type { Dictionary } from "~/lib/i18n/en";
import { cx } from "../ui/cx";
import type { WhatsAppMessage } from "./messaging-presentation";

/**
 * WhatsApp's own marks, so nobody has to learn new ones: a clock while
 * queued, one tick when sent, two when delivered, two blue ones when read,
 * and a warning sign when it could not be delivered. Each has its name for
 * screen readers and as a tooltip.
 */
export function DeliveryTicks({ status, t }: { status: WhatsAppMessage["status"]; t: Dictionary }) {
  const label = t.messaging.delivery[status];
  const common = { role: "img", "aria-label": label, "data-status": status, "data-testid": "delivery-status" } as const;
  if (status === "received") return null;
  if (status === "failed") {
    return (
      <svg {...common} viewBox="0 0 16 16" className="size-4 text-danger" fill="none" stroke="currentColor" strokeWidth="1.6">
        <title>{label}</title>
        <circle cx="8" cy="8" r="6.5" />
        <path d="M8 4.5v4.2M8 11.2v.3" strokeLinecap="round" />
      </svg>
    );
  }
  if (status === "accepted") {
    return (
      <svg {...common} viewBox="0 0 16 16" className="size-4 text-ink-subtle" fill="none" stroke="currentColor" strokeWidth="1.5">
        <title>{label}</title>
        <circle cx="8" cy="8" r="6" />
        <path d="M8 5v3.2l2 1.3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  const double = status === "delivered" || status === "read";
  return (
    <svg {...common} viewBox="0 0 20 16" className={cx("h-4 w-5", status === "read" ? "text-sky-500" : "text-ink-subtle")} fill="none" stroke="currentColor" strokeWidth="1.7">
      <title>{label}</title>
      <path d="M1.5 8.5l3.5 3.5 7-8" strokeLinecap="round" strokeLinejoin="round" />
      {double && <path d="M8.5 11.5l.5.5 7-8" strokeLinecap="round" strokeLinejoin="round" />}
    </svg>
  );
}
