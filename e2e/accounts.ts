import { test } from "./fixtures";

export interface Account {
  email: string;
  username: string;
  fullName: string;
  password: string;
}

let accountCount = 0;

/** A fresh account's details, unique per test, project and run. */
export function newAccount(label: string, nameTag = "Tester"): Account {
  const info = test.info();
  // A counter as well as the time: sign-ups made together (ten at once in refills.spec.ts) share a millisecond.
  accountCount += 1;
  const suffix = `${Date.now().toString(36)}${info.workerIndex}${accountCount.toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const project = info.project.name.replace(/[^a-z]/g, "");
  return {
    email: `${label}.${project}.${suffix}@example.com`,
    username: `${label}_${project}_${suffix}`.slice(0, 30),
    fullName: `${label[0].toUpperCase()}${label.slice(1)} ${nameTag} ${project.toUpperCase()}`,
    password: "correct-horse-9",
  };
}
