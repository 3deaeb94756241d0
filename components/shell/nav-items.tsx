import type { ReactNode } from "react";
import type { Dictionary } from "~/lib/i18n/en";
import { BoardIcon, BuildingIcon, GearIcon, PhoneIcon, UsersIcon } from "./icons";
import type { ShellViewer } from "./app-shell";
import { RotateIcon } from "../round-robin/rotate-icon";
import { CalendarIcon } from "../calendar/calendar-icon";
import { HomeChartIcon } from "../home/home-icon";

export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
}

/**
 * The dashboard's main sections, in menu order. Each area adds its entry here
 * (one line), so the shell's layout and the list of sections change apart.
 */
export function navItemsFor(t: Dictionary, viewer: ShellViewer): NavItem[] {
  return [
    { href: "/home", label: t.home.nav, icon: <HomeChartIcon /> },
    { href: "/leads", label: t.nav.leads, icon: <UsersIcon /> },
    { href: "/pipeline", label: t.nav.pipeline, icon: <BoardIcon /> },
    { href: "/projects", label: t.nav.projects, icon: <BuildingIcon /> },
    { href: "/calendar", label: t.calendar.nav, icon: <CalendarIcon /> },
    // Every member: owners and admins read the team's figures, a member under `own` visibility their own.
    { href: "/reports/speed-to-lead", label: t.speedReport.nav, icon: <HomeChartIcon /> },
    // Routing is for sales managers (owners and admins); the API still serves every member with the round-robin scopes.
    ...(viewer.canManageSettings ? [{ href: "/routing", label: t.routing.nav, icon: <RotateIcon /> }] : []),
    { href: "/calls", label: t.sequences.calls.nav, icon: <PhoneIcon /> },
    ...(viewer.canManageSettings ? [{ href: "/sequences", label: t.sequences.nav, icon: <PhoneIcon /> }] : []),
    ...(viewer.canManageSettings ? [{ href: "/settings", label: t.nav.settings, icon: <GearIcon /> }] : []),
  ];
}
