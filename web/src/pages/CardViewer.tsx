export default function CardViewer() {
  return <p>Card</p>;
}
