import { StatusPage } from './status-page.tsx';

/** Any path inside the shell that is not a built screen: unknown paths and spec screens not built yet. */
export default function NotFoundPage() {
  return <StatusPage code="404" titleKey="routes.error-404" textKey="errors.notFoundText" />;
}
