import { describe, expect, it } from "vitest";
import { isForbiddenAddress } from "../../server/webhooks/address-policy";
import { delayBeforeAttempt, isFinalAttempt, MAX_ATTEMPTS, nextAttemptAfterFailure, RETRY_DELAYS_MS } from "../../server/webhooks/schedule";
import { decryptSecret, encryptSecret, SecretKeyMismatchError } from "../../server/crypto/secret-box";
import { generateSigningSecret } from "../../server/webhooks/signing-secret";
import { signBody } from "../../server/webhooks/signature";
import { checkTargetUrl, TARGET_REFUSED_MESSAGE, TargetRefusedError } from "../../server/webhooks/target-url";
import { clearTestConfiguration, configureForTests } from "../../server/config/config";

describe("retry schedule", () => {
  it("is six attempts: now, +1 min, +5 min, +30 min, +2 h, +12 h", () => {
    expect(MAX_ATTEMPTS).toBe(6);
    expect(RETRY_DELAYS_MS).toEqual([0, 60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect([1, 2, 3, 4, 5, 6].map(delayBeforeAttempt)).toEqual([...RETRY_DELAYS_MS]);
  });

  it("schedules the next attempt after each failure and none after the sixth", () => {
    const failedAt = new Date("2026-01-01T00:00:00.000Z");
    expect(nextAttemptAfterFailure(1, failedAt)?.toISOString()).toBe("2026-01-01T00:01:00.000Z");
    expect(nextAttemptAfterFailure(5, failedAt)?.toISOString()).toBe("2026-01-01T12:00:00.000Z");
    expect(nextAttemptAfterFailure(6, failedAt)).toBeNull();
    expect([1, 2, 3, 4, 5].some(isFinalAttempt)).toBe(false);
    expect(isFinalAttempt(6)).toBe(true);
    expect(isFinalAttempt(7)).toBe(true); // a manual resend gets one attempt
    expect(() => delayBeforeAttempt(0)).toThrow(RangeError);
  });
});

describe("address policy", () => {
  it.each([
    "127.0.0.1", "127.255.255.254", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254",
    "100.64.0.1", "100.100.100.200", "0.0.0.0", "224.0.0.251", "239.255.255.250", "255.255.255.255", "192.0.2.1",
    "198.18.0.1", "::1", "::", "fc00::1", "fd00:ec2::254", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1",
    "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "2002:c0a8:0101::1", "2001:db8::1", "not-an-ip",
  ])("refuses %s", (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "allows %s",
    (address) => expect(isForbiddenAddress(address)).toBe(false),
  );

  it("checks targets: https only, port 443 or 8443, no credentials, no forbidden host; one public message", async () => {
    const strict = { allowPrivateTargets: false };
    const refusal = (raw: string) => checkTargetUrl(raw, strict).then(() => null, (error: TargetRefusedError) => error);
    await expect(checkTargetUrl("https://93.184.216.34/x", strict)).resolves.toBeInstanceOf(URL);
    await expect(checkTargetUrl("https://93.184.216.34:8443/x", strict)).resolves.toBeInstanceOf(URL);
    await expect(checkTargetUrl("https://93.184.216.34:443/x", strict)).resolves.toBeInstanceOf(URL);
    const cases: [string, string][] = [
      ["http://93.184.216.34/x", "must use https"],
      ["https://u:p@93.184.216.34/x", "credentials"],
      ["https://93.184.216.34:22/x", "port 22"],
      ["https://93.184.216.34:8080/x", "port 8080"],
      ["https://127.0.0.1/x", "private"],
      ["https://localhost/x", "resolve to a private"],
      ["https://no-such-host.invalid/x", "does not resolve"],
    ];
    for (const [raw, detail] of cases) {
      const error = await refusal(raw);
      expect(error, raw).toBeInstanceOf(TargetRefusedError);
      expect(error?.message, raw).toBe(TARGET_REFUSED_MESSAGE);
      expect(error?.detail, raw).toContain(detail);
    }
    await expect(checkTargetUrl("https://127.0.0.1/x", { allowPrivateTargets: true })).resolves.toBeInstanceOf(URL);
    await expect(checkTargetUrl("https://127.0.0.1:8080/x", { allowPrivateTargets: true })).resolves.toBeInstanceOf(URL);
  });
});

describe("secrets and signatures", () => {
  it("generates high-entropy secrets and keeps them encrypted at rest", () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateSigningSecret()).not.toBe(secret);
    const sealed = encryptSecret(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealed).not.toBe(encryptSecret(secret)); // fresh IV each time
    expect(decryptSecret(sealed)).toBe(secret);
  });

  it("refuses to decrypt with another key instead of signing with garbage", () => {
    configureForTests({ WEBHOOK_SECRET_KEY: "first key" });
    const sealed = encryptSecret("whsec_x");
    configureForTests({ WEBHOOK_SECRET_KEY: "second key" });
    try {
      expect(() => decryptSecret(sealed)).toThrow(SecretKeyMismatchError);
    } finally {
      clearTestConfiguration("WEBHOOK_SECRET_KEY");
    }
  });

  it("keeps opening secrets sealed before WEBHOOK_SECRET_KEY was set or rotated", () => {
    try {
      configureForTests({ WEBHOOK_SECRET_KEY: undefined, WEBHOOK_SECRET_KEY_PREVIOUS: undefined, NEXTAUTH_SECRET: "session secret" });
      const underSessionSecret = encryptSecret("whsec_a");
      configureForTests({ WEBHOOK_SECRET_KEY: "key one" });
      expect(decryptSecret(underSessionSecret)).toBe("whsec_a");
      const underKeyOne = encryptSecret("whsec_b");
      expect(underKeyOne.split(".")[1]).not.toBe(underSessionSecret.split(".")[1]); // new secrets use the new key
      configureForTests({ WEBHOOK_SECRET_KEY: "key two", WEBHOOK_SECRET_KEY_PREVIOUS: "key one" });
      expect(decryptSecret(underKeyOne)).toBe("whsec_b");
      expect(encryptSecret("whsec_c").split(".")[1]).not.toBe(underKeyOne.split(".")[1]);
    } finally {
      clearTestConfiguration("WEBHOOK_SECRET_KEY", "WEBHOOK_SECRET_KEY_PREVIOUS", "NEXTAUTH_SECRET");
    }
  });

  it("signs the exact bytes: sha256=<hex HMAC-SHA256>", () => {
    // Reference value: printf '{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signBody('{"a":1}', "whsec_test")).toBe("sha256=51426af50a41dd7ff2cd3f116594734766d4018d15d6fb07169aee5d2959adf5");
    expect(signBody('{"a": 1}', "whsec_test")).not.toBe(signBody('{"a":1}', "whsec_test"));
  });
});
