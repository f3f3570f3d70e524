import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createStore, readRecords } from "./store";
import { makeStateDir } from "./testing";

interface Row {
  reference: string;
  step: number;
}

describe("the sandbox's record store", () => {
  it("claims a key once, changes a record in place and keeps the change across a restart", async () => {
    const stateDir = makeStateDir();
    const store = createStore(stateDir);
    expect(await store.create("charges", "ref-1", { reference: "ref-1", step: 1 })).toBe(true);
    expect(await store.create("charges", "ref-1", { reference: "ref-1", step: 99 })).toBe(false);
    expect(await store.update<Row>("charges", "ref-1", (row) => ({ ...row, step: row.step + 1 }))).toEqual({ reference: "ref-1", step: 2 });
    expect(await store.update<Row>("charges", "ref-1", () => undefined)).toEqual({ reference: "ref-1", step: 2 });
    expect(await store.update<Row>("charges", "no-such-ref", (row) => row)).toBeUndefined();
    await expect(store.create("charges", "../escape", {})).rejects.toThrow("invalid record key");
    store.close();

    const restarted = createStore(stateDir);
    expect(await restarted.read("charges", "ref-1")).toEqual({ reference: "ref-1", step: 2 });
    expect(await restarted.read("transfers", "ref-1")).toBeUndefined();
    expect(await restarted.list("charges")).toEqual([{ reference: "ref-1", step: 2 }]);
    restarted.close();
  });

  it("gives each reader its own copy: changing what was read changes nothing stored", async () => {
    const store = createStore(makeStateDir());
    await store.create("charges", "ref-2", { reference: "ref-2", step: 1 });
    const read = (await store.read<Row>("charges", "ref-2")) as Row;
    read.step = 42;
    expect(await store.read("charges", "ref-2")).toEqual({ reference: "ref-2", step: 1 });
    store.close();
  });

  it("drops a line cut short by a crash, and the next write starts a line of its own", async () => {
    const stateDir = makeStateDir();
    const store = createStore(stateDir);
    await store.create("charges", "ref-3", { reference: "ref-3", step: 1 });
    store.close();
    const journal = path.join(stateDir, "charges.jsonl");
    fs.appendFileSync(journal, '{"key":"ref-3","value":{"reference":"ref-3","st');

    const restarted = createStore(stateDir);
    expect(await restarted.read("charges", "ref-3")).toEqual({ reference: "ref-3", step: 1 });
    await restarted.update<Row>("charges", "ref-3", (row) => ({ ...row, step: 2 }));
    restarted.close();
    expect(readRecords(stateDir, "charges").get("ref-3")).toEqual({ reference: "ref-3", step: 2 });
    expect(fs.readFileSync(journal, "utf8").split("\n")).toHaveLength(3); // two whole lines and the empty rest
  });

  it("rewrites a journal that holds mostly replaced lines when it is opened", async () => {
    const stateDir = makeStateDir();
    const store = createStore(stateDir);
    await store.create("charges", "ref-4", { reference: "ref-4", step: 0 });
    for (let step = 1; step <= 1_500; step++) await store.update<Row>("charges", "ref-4", (row) => ({ ...row, step }));
    store.close();
    const journal = path.join(stateDir, "charges.jsonl");
    expect(fs.readFileSync(journal, "utf8").trimEnd().split("\n")).toHaveLength(1_501);

    const restarted = createStore(stateDir);
    expect(await restarted.read("charges", "ref-4")).toEqual({ reference: "ref-4", step: 1_500 });
    expect(fs.readFileSync(journal, "utf8").trimEnd().split("\n")).toHaveLength(1);
    await restarted.update<Row>("charges", "ref-4", (row) => ({ ...row, step: 1_501 }));
    restarted.close();
    expect(readRecords(stateDir, "charges").get("ref-4")).toEqual({ reference: "ref-4", step: 1_501 });
  });

  it("takes over the records of a state directory from before the journals, one file per record", async () => {
    const stateDir = makeStateDir();
    fs.mkdirSync(path.join(stateDir, "charges"));
    fs.writeFileSync(path.join(stateDir, "charges", "ref-5.json"), JSON.stringify({ reference: "ref-5", step: 3 }, null, 2));
    fs.writeFileSync(path.join(stateDir, "charges", ".tmp-0123456789abcdef"), "{ half a rec");

    const store = createStore(stateDir);
    expect(await store.read("charges", "ref-5")).toEqual({ reference: "ref-5", step: 3 });
    expect(await store.create("charges", "ref-5", { reference: "ref-5", step: 0 })).toBe(false);
    store.close();
    expect(fs.existsSync(path.join(stateDir, "charges"))).toBe(false);
    expect(readRecords(stateDir, "charges").get("ref-5")).toEqual({ reference: "ref-5", step: 3 });
  });
});
