// An e-mail address in a narrow column or on a phone. `break-all` cut addresses anywhere ("encarg|ada@…") even
// when the whole word would fit on the next line; here the address breaks only where it must, and then at its
// natural joints — before the "@" and before each dot of the domain — with any-point wrapping left for a single
// part too long for the column.
export function Email({ address, className }: { address: string; className?: string }) {
  const at = address.lastIndexOf("@");
  const local = at > 0 ? address.slice(0, at) : address;
  const domain = at > 0 ? address.slice(at) : "";
  const domainParts = domain.split(/(?=\.)/);
  return (
    <span className={`[overflow-wrap:anywhere] ${className ?? ""}`.trim()}>
      {local}
      {domainParts.map((part, i) => (
        <span key={i}>
          <wbr />
          {part}
        </span>
      ))}
    </span>
  );
}
