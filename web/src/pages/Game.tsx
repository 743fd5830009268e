import type { Me } from "../api";
export function GamePage({ id }: { me: Me; id: string }) {
  return <p>Game {id}</p>;
}
