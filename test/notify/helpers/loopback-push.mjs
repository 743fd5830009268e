// A push service on loopback for tests (Node only): https with a throw-away self-signed
// certificate, because push endpoints are https only (RFC 8030). Records every request.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import https from "node:https";

export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), "push-"));
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    { stdio: "ignore" },
  );
  const ca = readFileSync(join(dir, "cert.pem"), "utf8");
  const key = readFileSync(join(dir, "key.pem"));
  rmSync(dir, { recursive: true, force: true });
  const received = [];
  let answer = 201;
  const server = https.createServer({ key, cert: ca }, (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: new Uint8Array(Buffer.concat(chunks)) });
      res.writeHead(answer).end();
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `https://127.0.0.1:${server.address().port}`;
  /** fetch() over node:https that trusts only the test certificate. */
  const fetcher = (url, init) =>
    new Promise((resolve, reject) => {
      const req = https.request(url, { method: init.method, headers: init.headers, ca }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      });
      req.on("error", reject);
      req.end(Buffer.from(init.body));
    });
  return {
    base,
    fetcher,
    received,
    setAnswer: (status) => void (answer = status),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
