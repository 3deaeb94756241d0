"use client";

import { ConnectedAppsPanel } from "../settings/connected-apps-panel";
import { ChangePasswordCard, EmailVerificationCard } from "./account-security";

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
    </>
  );
}
