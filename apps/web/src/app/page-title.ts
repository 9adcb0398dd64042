/** Document title: the Chinese site name plus the route title (spec section 2). */
export function pageTitle(prefix: string, routeTitle: string | null): string {
  return routeTitle ? `${prefix} - ${routeTitle}` : prefix;
}
