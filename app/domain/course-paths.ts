// Where a course's pages live (docs/product-spec.md §2), for links, redirects and mails.

/** A course's content page (its modules and lessons): `/cursos/7/contenido`. */
export const courseContentPath = (courseId: number | string) => `/cursos/${courseId}/contenido`;
