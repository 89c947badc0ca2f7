/** Admin status is true only when the role equals 'admin' (product-spec.md §5). */
export function isAdmin(user: { role: string } | null | undefined): boolean {
  return user?.role === "admin";
}
