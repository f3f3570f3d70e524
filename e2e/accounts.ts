import { test } from "./fixtures";

export interface Account {
  email: string;
  username: string;
  fullName: string;
  password: string;
}

/** A fresh account's details, unique per test, project and run. */
export function newAccount(label: string, nameTag = "Tester"): Account {
  const info = test.info();
  const suffix = `${Date.now().toString(36)}${info.workerIndex}${Math.floor(Math.random() * 1e4)}`;
  const project = info.project.name.replace(/[^a-z]/g, "");
  return {
    email: `${label}.${project}.${suffix}@example.com`,
    username: `${label}_${project}_${suffix}`.slice(0, 30),
    fullName: `${label[0].toUpperCase()}${label.slice(1)} ${nameTag} ${project.toUpperCase()}`,
    password: "correct-horse-9",
  };
}
