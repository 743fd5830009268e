/**
 * Seeds the demo into a running local server (`npm start` does this for you):
 * accounts ann@example.com and bob@example.com with a Siamese game in progress.
 *   npm run seed [-- http://localhost:8787]
 */
export async function seed(base: string): Promise<void> {
  const res = await fetch(`${base}/api/dev/seed`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: "{}" });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const demo = (await res.json()) as { url: string; accounts: string[] };
  console.log(`demo: ${demo.accounts.join(" and ")} have a game at ${demo.url}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await seed(process.argv[2] ?? "http://localhost:8787");
