
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "left",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "left" | "center";
}) {
  const center = align === "center";
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? <p className="pub-eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="pub-h2 mt-2">
        {title}
      </h2>
      {intro ? <p className="mt-3 pub-lead">{intro}</p> : null}
    </div>
  );
}
