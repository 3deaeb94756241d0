import { redirect } from "next/navigation";
import { getDashboardViewer } from "~/server/account/dashboard-session";

/** The front door: the dashboard for a signed-in member, the sign-in page otherwise. */
export default async function HomePage() {
  const viewer = await getDashboardViewer();
  redirect(viewer ? "/home" : "/login");
}
