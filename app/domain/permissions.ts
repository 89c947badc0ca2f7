/** Admin status is true only when the role equals 'admin' (docs/product-spec.md §5). */
export function isAdmin(user: { role: string | null } | null | undefined): boolean {
  return user?.role === "admin";
}

/** A stored role as one of the two the academy knows: anything but 'admin' is a learner's. */
export function roleOf(user: { role: string | null }): "admin" | "user" {
  return isAdmin(user) ? "admin" : "user";
}
