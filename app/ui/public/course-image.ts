/** Shown when a course has no image of its own. */
export const COURSE_IMAGE_PLACEHOLDER = "/images/curso-placeholder.svg";
