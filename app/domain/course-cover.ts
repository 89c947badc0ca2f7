// A course's uploaded cover: what the course row records of its stored copies, and the public addresses the
// catalogue's cards and the course page draw it from. Cards and the hero are 16:9 (aspect-[16/9] in their CSS),
// so the cover is cropped to that once, on upload, and both read the same copies.

export const COVER_LARGE = { width: 1200, height: 675 } as const;
export const COVER_SMALL = { width: 600, height: 338 } as const;

/** Stored on `course.cover`. `version` names the copies, so a new upload gets new addresses (cached for a year). */
export interface CourseCover {
  version: number;
  largeAssetId: number;
  smallAssetId: number;
  fallbackAssetId: number;
  fallback: "jpg" | "png";
}

/** What a `<picture>` needs: a WebP srcset, a JPEG/PNG fallback and the size that keeps the layout still. */
export interface CoverView {
  webpSrcSet: string;
  fallbackSrc: string;
  width: number;
  height: number;
}

export function coverPath(courseId: number, version: number, file: string): string {
  return `/archivos/portadas/${courseId}/${version}-${file}`;
}

export function coverView(courseId: number, cover: CourseCover | null | undefined): CoverView | null {
  if (!cover) return null;
  return {
    webpSrcSet: `${coverPath(courseId, cover.version, "600.webp")} 600w, ${coverPath(courseId, cover.version, "1200.webp")} 1200w`,
    fallbackSrc: coverPath(courseId, cover.version, `1200.${cover.fallback}`),
    width: COVER_LARGE.width,
    height: COVER_LARGE.height,
  };
}

export const coverMessages = {
  uploaded: "Imagen de portada guardada. Reemplaza la imagen por URL en el catálogo.",
  removed: "Imagen de portada quitada: el curso vuelve a mostrar su imagen por URL.",
} as const;
