import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { rejection, sessionCaller } from "../dashboard/callers";
import { connect, discover, refresh, registerApp } from "./oauth-client-helpers";

const t = useApiTest();

describe("Settings → Connected apps over consented grants", () => {
  it("shows owners every grant and members their own; revoking kills access and refresh tokens and stops the app's webhooks", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db, { name: "Zapflow" });
    const member = await seedMember(t.db, t.org.id, { role: "member", name: "Mia Member" });
    const ownerGrant = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id, scope: "leads:read webhooks:manage" });
    const memberGrant = await connect(t.server, as, app, { userId: member.userId, organizationId: t.org.id });
    await t.server.api("/me", { token: ownerGrant.tokens.access_token });

    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const everyone = (await owner.settings.connectedApps.list({ mine: false })).data;
    expect(everyone.map((grant) => grant.user.id).sort()).toEqual([t.org.ownerId, member.userId].sort());
    expect(everyone.every((grant) => grant.name === "Zapflow")).toBe(true);

    const memberCaller = await sessionCaller(t.db, member.userId, t.org.id);
    expect((await rejection(memberCaller.settings.connectedApps.list({ mine: false }))).status).toBe(403);
    const own = (await memberCaller.settings.connectedApps.list({ mine: true })).data;
    expect(own.map((grant) => grant.user.id)).toEqual([member.userId]);
    const ownersGrantId = everyone.find((grant) => grant.user.id === t.org.ownerId)!.id;
    expect((await rejection(memberCaller.settings.connectedApps.revoke({ id: ownersGrantId }))).status).toBe(404);

    // The app subscribed to webhooks through the owner's connection.
    const subscribed = await t.server.api("/webhooks/subscriptions", {
      token: ownerGrant.tokens.access_token,
      method: "POST",
      json: { target_url: "https://93.184.216.34/hooks/zap", event: "lead.created", external_id: "zap-1" },
    });
    expect(subscribed.status).toBe(201);
    const subscription = (await subscribed.json()) as { id: string };

    await memberCaller.settings.connectedApps.revoke({ id: own[0]!.id });
    expect((await t.server.api("/me", { token: memberGrant.tokens.access_token })).status).toBe(401);
    expect((await refresh(as, app, memberGrant.tokens.refresh_token!)).status).toBe(400);
    // Another person's connection of the same app is still alive: its subscriptions stay.
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).isActive).toBe(true);
    expect((await t.server.api("/me", { token: ownerGrant.tokens.access_token })).status).toBe(200);

    await owner.settings.connectedApps.revoke({ id: ownersGrantId });
    expect((await t.server.api("/me", { token: ownerGrant.tokens.access_token })).status).toBe(401);
    const renewal = await refresh(as, app, ownerGrant.tokens.refresh_token!);
    await expect(oauth.processRefreshTokenResponse(as, app.client, renewal)).rejects.toThrow();
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).isActive).toBe(false);
    expect((await owner.settings.connectedApps.list({ mine: false })).data).toEqual([]);
  });
});
