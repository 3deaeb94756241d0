/**
 * Settings a production deployment must not run with. `npm start` checks them
 * when the operator sets `NODE_ENV=production` and refuses to start, naming
 * each problem (docs/security.md). Without it, `npm start` is the zero-setup
 * local mode, where http on localhost and generated keys are expected.
 */
export function productionSettingsProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const url = env.NEXTAUTH_URL?.trim() ?? "";
  if (!url.startsWith("https://")) {
    problems.push(
      `NEXTAUTH_URL must be the app's https origin (is ${url === "" ? "unset" : JSON.stringify(url)}): session cookies would travel in clear text`,
    );
  }
  const inngestDev = env.INNGEST_DEV?.trim();
  if (inngestDev !== undefined && inngestDev !== "" && inngestDev !== "0" && inngestDev !== "false") {
    problems.push("INNGEST_DEV must not be set: it turns off the signature check on /api/inngest");
  }
  if (!env.WEBHOOK_SECRET_KEY?.trim()) {
    problems.push("WEBHOOK_SECRET_KEY must be set explicitly: webhook signing secrets would be sealed with a derived or development key");
  }
  return problems;
}
