import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { defineScheduledJob } from "../../server/jobs/job-definition";
import { useApiTest } from "../support/api-test";
import { createManualClock } from "../webhooks/support/manual-clock";

/**
 * `JOB_MINUTE_PERIOD_MS`: under the embedded driver the jobs scheduled every
 * minute run once per that period (the browser tests' server sets 5 s); jobs
 * on an hourly or daily schedule keep theirs. The clock is moved by hand, so
 * nothing here waits or depends on how fast the machine is.
 */
const t = useApiTest({ server: false });

const sweep = defineScheduledJob({ id: "test.minute-sweep", name: "Test minute sweep", retries: 0, schedule: { every: "minute" }, run: async () => null });
const hourly = defineScheduledJob({ id: "test.hourly-sweep", name: "Test hourly sweep", retries: 0, schedule: { every: "hour", atMinute: 0 }, run: async () => null });

// Each test starts with no schedule rows: its own clock decides what is due.
beforeEach(async () => {
  await t.db.jobSchedule.deleteMany();
});

afterEach(() => {
  configureForTests({ JOB_MINUTE_PERIOD_MS: undefined });
});

describe("the period of the every-minute jobs", () => {
  it("is JOB_MINUTE_PERIOD_MS when set; an hourly job keeps its hour", async () => {
    configureForTests({ JOB_MINUTE_PERIOD_MS: "20000" });
    const manual = createManualClock();
    const driver = new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [sweep, hourly] });
    expect((await driver.runScheduled()).sort()).toEqual(["test.hourly-sweep", "test.minute-sweep"]);

    manual.advance(10_000);
    expect(await driver.runScheduled()).toEqual([]);
    manual.advance(10_001);
    expect(await driver.runScheduled()).toEqual(["test.minute-sweep"]);
    manual.advance(20_001);
    expect(await driver.runScheduled()).toEqual(["test.minute-sweep"]);
  });

  it("is a minute by default", async () => {
    const manual = createManualClock();
    const driver = new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [sweep] });
    expect(await driver.runScheduled()).toEqual(["test.minute-sweep"]);
    manual.advance(30_000);
    expect(await driver.runScheduled()).toEqual([]);
    manual.advance(30_001);
    expect(await driver.runScheduled()).toEqual(["test.minute-sweep"]);
  });
});
