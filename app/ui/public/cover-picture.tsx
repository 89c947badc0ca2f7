import type { CoverView } from "~/domain/course-cover";

/** An uploaded cover: WebP where the browser takes it, the JPEG/PNG otherwise; its size set, so nothing moves. */
export function CoverPicture({
  cover,
  sizes,
  className,
  loading,
  fetchPriority,
}: {
  cover: CoverView;
  sizes: string;
  className: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high";
}) {
  return (
    <picture>
      <source type="image/webp" srcSet={cover.webpSrcSet} sizes={sizes} />
      <img src={cover.fallbackSrc} alt="" width={cover.width} height={cover.height} loading={loading} decoding="async" fetchPriority={fetchPriority} className={className} />
    </picture>
  );
}
