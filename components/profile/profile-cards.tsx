"use client";

import { Suspense } from "react";
import { ConnectedAppsPanel } from "../settings/connected-apps-panel";
import { ChangePasswordCard, EmailVerificationCard } from "./account-security";
import { CalendarCard } from "../calendar/calendar-card";

/**
 * The cards of a member's own profile page under their account details, one
 * per thing a member connects or manages for themself (their calendar, the
 * apps they authorised, their password). Each area adds its card here in one
 * line.
 */
export function ProfileCards() {
  return (
    <>
      <EmailVerificationCard />
      <ChangePasswordCard />
      <ConnectedAppsPanel mine />
      {/* The home page's meetings card links here (#calendar) when the calendar is not connected. */}
      <div id="calendar" className="scroll-mt-20">
        <Suspense fallback={null}>
          <CalendarCard />
        </Suspense>
      </div>
    </>
  );
}
