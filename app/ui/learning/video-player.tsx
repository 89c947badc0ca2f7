// Video lessons with the native player (docs/decisions.md A4). Watching it completes the lesson (F8): the page's
// study panel (study-panel.tsx) reports the player's own watched ranges (`played`) with its heartbeats.
import { learningMessages } from "~/domain/learning-messages";

export function VideoPlayer({
  src,
  captionsUrl,
  title,
  track,
}: {
  src: string;
  captionsUrl: string | null;
  title: string;
  /** The study panel reads this player's watched ranges (enrolled learners). */
  track: boolean;
}) {
  return (
    <div className="bg-black">
      <video
        key={src}
        controls
        playsInline
        preload="metadata"
        // aspect-video keeps the 16:9 space before the metadata arrives (the links below must not move).
        className="mx-auto block aspect-video max-h-[calc(100vh-12rem)] w-full"
        aria-label={title}
        data-study={track ? "" : undefined}
      >
        <source src={src} />
        {captionsUrl ? <track kind="captions" src={captionsUrl} srcLang="es" label="Español" default /> : null}
        <p className="p-4 text-white">{learningMessages.videoUnsupported}</p>
      </video>
    </div>
  );
}
