import { Breadcrumb } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_NAME, appGroups, otherPages } from '../../navigation.ts';
import { breadcrumbTrail } from '../nav-logic.ts';
import { shellStore } from '../shell-store.ts';
import { useRouteHandle } from '../route-handle.ts';

/** Home / group / page, from navigation.ts. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const current = shellStore.use((s) => s.currentRouteName);
  const handle = useRouteHandle();
  const known = current ? breadcrumbTrail(appGroups, otherPages, current, HOME_NAME) : [];
  // A route outside the navigation (the 404) still names itself after home.
  const trail =
    handle && handle.name === current && !known.some((c) => c.name === handle.name)
      ? [...known, { name: handle.name, titleKey: handle.titleKey }]
      : known;
  return (
    <Breadcrumb.Root size="sm" aria-label={t('shell.breadcrumb')} data-testid="breadcrumbs" display={{ base: 'none', sm: 'block' }}>
      <Breadcrumb.List>
        {trail.map((c, i) => {
          const last = i === trail.length - 1;
          return [
            <Breadcrumb.Item key={c.name}>
              {last ? (
                <Breadcrumb.CurrentLink color="gray.800">{t(c.titleKey)}</Breadcrumb.CurrentLink>
              ) : c.path ? (
                <Breadcrumb.Link asChild color="gray.500">
                  <RouterLink to={c.path}>{t(c.titleKey)}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.Link as="span" color="gray.500">
                  {t(c.titleKey)}
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>,
            !last && <Breadcrumb.Separator key={`${c.name}-sep`} />,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
