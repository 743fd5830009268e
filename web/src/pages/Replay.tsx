import type { Me } from "../api";
export default function Replay({ id }: { me: Me; id: string }) {
  return <p>Replay {id}</p>;
}
