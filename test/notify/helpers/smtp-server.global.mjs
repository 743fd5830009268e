// Vitest globalSetup (Node): starts the loopback SMTP sink for test/notify/smtp.worker.test.ts
// and hands its ports to the tests through `inject("smtpSink")`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";

export default async function setup(project) {
  // Debian's python3 has python3-aiosmtpd; a pyenv or venv python on PATH may not.
  const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const child = spawn(python, [new URL("./smtp_sink.py", import.meta.url).pathname], { stdio: ["ignore", "pipe", "inherit"] });
  const ports = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`SMTP sink exited (${code}); is python3-aiosmtpd installed?`)));
    createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line)));
  });
  project.provide("smtpSink", ports);
  return () => {
    child.kill();
  };
}
