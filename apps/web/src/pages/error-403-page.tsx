import { StatusPage } from './status-page.tsx';

/** The route named error-403: a page whose permission the user lacks is replaced by this one. */
export default function ForbiddenPage() {
  return <StatusPage code="403" titleKey="routes.error-403" textKey="errors.forbiddenText" />;
}
