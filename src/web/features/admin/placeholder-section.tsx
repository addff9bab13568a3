/** A section whose own release has not arrived yet (lead search, applications, investors). */
export default function PlaceholderSection() {
  return <p className="text-muted-foreground">This section is being built; it arrives with its own release.</p>;
}
