"use client";

import { Suspense } from "react";
import { ConnectedAppsPanel } from "../settings/connected-apps-panel";
import { ChangePasswordCard, EmailVerificationCard } from "./account-security";
import { CalendarCard } from "../calendar/calendar-card";
import { UsagePanel } from "../usage/usage-panel";
import { WorkingHoursCard } from "../first-touch/working-hours-card";
import { OutOfOfficeCard } from "../first-touch/out-of-office-card";
import { PushDeviceCard } from "../notifications/push-device-card";

/**
 * The cards of a member's own profile page under their account details, one
 * per thing a member connects or manages for themself (their calendar, the
 * apps they authorised, their password). Each area adds its card here in one
 * line. `ownUsage`: the API usage of the apps they connected, for members
 * (owners and admins see every credential's in Settings → Usage).
 */
export function ProfileCards({ ownUsage, mailConfigured }: { ownUsage: boolean; mailConfigured: boolean }) {
  return (
    <>
      <WorkingHoursCard />
      <OutOfOfficeCard />
      <PushDeviceCard />
      <EmailVerificationCard mailConfigured={mailConfigured} />
      <ChangePasswordCard />
      <ConnectedAppsPanel mine />
      {ownUsage && <UsagePanel title />}
      {/* The home page's meetings card links here (#calendar) when the calendar is not connected. */}
      <div id="calendar" className="scroll-mt-20">
        <Suspense fallback={null}>
          <CalendarCard />
        </Suspense>
      </div>
    </>
  );
}
