// Video lessons with the native player (docs/decisions.md A4). Watching to the end or to 90 % completes the
// lesson (B8): the player tells the server once, with a POST to the content page's action.
import { useRef } from "react";
import { useFetcher } from "react-router";
import { learningMessages } from "~/domain/learning-messages";
import { videoWatched } from "~/domain/progress";

export function VideoPlayer({
  lessonId,
  src,
  captionsUrl,
  title,
  track,
}: {
  lessonId: number;
  src: string;
  captionsUrl: string | null;
  title: string;
  /** Record the viewing (enrolled learners, lesson not yet completed). */
  track: boolean;
}) {
  const fetcher = useFetcher();
  const reported = useRef(false);

  function report(video: HTMLVideoElement, ended: boolean) {
    if (!track || reported.current || !videoWatched(video.currentTime, video.duration, ended)) return;
    reported.current = true;
    void fetcher.submit({ intent: "video-watched", leccion: String(lessonId) }, { method: "post" });
  }

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
        onTimeUpdate={(e) => report(e.currentTarget, false)}
        onEnded={(e) => report(e.currentTarget, true)}
      >
        <source src={src} />
        {captionsUrl ? <track kind="captions" src={captionsUrl} srcLang="es" label="Español" default /> : null}
        <p className="p-4 text-white">{learningMessages.videoUnsupported}</p>
      </video>
    </div>
  );
}
