import { Badge, Box, Button, Code, Flex, HStack, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { stepI18nKey } from '@edu/sdk';
import { ModalDialog, ShieldIcon } from '@edu/ui';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useSession } from '../../lib/permissions.ts';
import { appGroups, type NavPage } from '../../navigation.ts';
import { resourceLabels } from '../../resources/i18n.tsx';
import type { AnyResource, CustomFieldProps } from '../../resources/types.ts';
import { useApi } from '../../lib/use-api.ts';
import { effectivePermissions, previewConsole, routeResource, screenButtons, type DirectGrants, type PreviewRole } from './permission-preview.ts';

/** Every route that shows a resource list: their resources are loaded once, when a preview first opens. */
const resourcePages: readonly NavPage[] = appGroups.flatMap((g) => g.children).filter((p) => p.resource !== undefined);
let loadingResources: Promise<ReadonlyMap<string, AnyResource | null>> | null = null;
const loadResources = () =>
  (loadingResources ??= Promise.all(resourcePages.map(async (p) => [p.name, await routeResource(p)] as const)).then((entries) => new Map(entries)));

function useRouteResources(): ReadonlyMap<string, AnyResource | null> | null {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, AnyResource | null> | null>(null);
  useEffect(() => {
    let live = true;
    loadResources().then(
      (map) => live && setLoaded(map),
      () => {
        // A chunk that failed to load: try again next time, the preview shows the screens without their buttons.
        loadingResources = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** The buttons of one screen as badges: 新增 / 编辑 / 删除 and the toolbar's and rows' own actions. */
function ScreenButtonBadges({ resource, granted, hostSide }: { resource: AnyResource; granted: (p: string) => boolean; hostSide: boolean }) {
  const { t } = useTranslation();
  const b = screenButtons(resource, granted, hostSide);
  const labels = resourceLabels(t, resource.name);
  const names = [
    ...(b.canCreate ? [t('actions.create')] : []),
    ...(b.canUpdate ? [t('actions.edit')] : []),
    ...(b.canDelete ? [t('actions.delete')] : []),
    ...[...b.toolbarActions, ...b.rowActions].map((a) => labels.action(a.key, a.labelKey)),
  ];
  if (names.length === 0)
    return (
      <Text fontSize="xs" color="fg.subtle">
        {t('admin.permissionPreview.readOnly')}
      </Text>
    );
  return (
    <HStack gap="1" wrap="wrap" data-testid="preview-buttons">
      {[...new Set(names)].map((n) => (
        <Badge key={n} size="sm" variant="subtle" colorPalette="brand">
          {n}
        </Badge>
      ))}
    </HStack>
  );
}

function Section({ title, count, children, testId }: { title: string; count: number; children: ReactNode; testId: string }) {
  return (
    <Stack gap="2" data-testid={testId}>
      <Heading as="h3" size="sm">
        {title}{' '}
        <Text as="span" color="fg.muted" fontWeight="normal">
          ({count})
        </Text>
      </Heading>
      {children}
    </Stack>
  );
}

/** The console as a holder of these roles and direct grants would see it (menu with each screen's buttons, routes, review steps). */
function PreviewBody({ roles, direct }: { roles: readonly PreviewRole[]; direct: DirectGrants }) {
  const { t } = useTranslation();
  const session = useSession();
  const tenantId = session?.tenant?.id ?? null;
  const granted = useMemo(() => effectivePermissions(roles, direct, tenantId), [roles, direct, tenantId]);
  const has = (p: string) => granted.has(p);
  const preview = previewConsole(has);
  const resources = useRouteResources();
  const inMenu = new Set(preview.menu.flatMap((e) => (e.kind === 'group' ? e.children : [e.page])).map((p) => p.name));
  const none = <Text color="fg.subtle">{t('admin.permissionPreview.none')}</Text>;

  const screenRow = (page: NavPage) => {
    const resource = resources?.get(page.name);
    return (
      <Flex key={page.name} gap="3" py="1.5" align="center" wrap="wrap" data-testid={`preview-screen-${page.name}`}>
        <Text minW="36" fontSize="sm">
          {t(page.titleKey)}
        </Text>
        {page.resource === undefined ? (
          <Text fontSize="xs" color="fg.subtle">
            {t('admin.permissionPreview.customScreen')}
          </Text>
        ) : resource ? (
          <ScreenButtonBadges resource={resource} granted={has} hostSide={tenantId === null} />
        ) : (
          <Text fontSize="xs" color="fg.subtle">
            {t('admin.permissionPreview.loading')}
          </Text>
        )}
      </Flex>
    );
  };

  return (
    <Stack gap="5" data-testid="permission-preview-body">
      <Text fontSize="sm" color="fg.muted">
        {t('admin.permissionPreview.hint', { count: granted.size })}
      </Text>
      <Section title={t('admin.permissionPreview.menu')} count={inMenu.size} testId="preview-menu">
        {preview.menu.length === 0
          ? none
          : preview.menu.map((entry) =>
              entry.kind === 'page' ? (
                <Box key={entry.page.name}>{screenRow(entry.page)}</Box>
              ) : (
                <Box key={entry.group.name} data-testid={`preview-group-${entry.group.name}`}>
                  <Text fontWeight="semibold" fontSize="sm">
                    {t(entry.group.titleKey)}
                  </Text>
                  <Box ps="4" borderStartWidth="2px" borderColor="border.muted" ms="1">
                    {entry.children.map(screenRow)}
                  </Box>
                </Box>
              ),
            )}
      </Section>
      <Separator />
      <Section title={t('admin.permissionPreview.routes')} count={preview.routes.length} testId="preview-routes">
        {preview.routes.length === 0
          ? none
          : preview.routes.map(({ page }) => (
              <HStack key={page.name} gap="2" fontSize="sm">
                <Code size="sm">{page.path}</Code>
                <Text>{t(page.titleKey)}</Text>
                {!inMenu.has(page.name) && (
                  <Badge size="sm" variant="outline">
                    {t('admin.permissionPreview.notInMenu')}
                  </Badge>
                )}
              </HStack>
            ))}
      </Section>
      <Separator />
      <Section title={t('admin.permissionPreview.reviewSteps')} count={preview.reviewSteps.length} testId="preview-review-steps">
        {preview.reviewSteps.length === 0 ? (
          none
        ) : (
          <HStack gap="2" wrap="wrap">
            {preview.reviewSteps.map(({ reviewable, step }) => (
              <Badge key={`${reviewable.clientKey}.${step.name}`} variant="subtle" colorPalette="orange">
                {t(reviewable.i18nKey)} · {t(stepI18nKey(step))}
              </Badge>
            ))}
          </HStack>
        )}
      </Section>
    </Stack>
  );
}

/**
 * 预览权限效果: a button that opens a read-only preview of the console as a
 * holder of `roles` (and `direct` grants) would see it, from the editor's
 * current, unsaved values. Nothing is sent to the server.
 */
export function PermissionPreviewButton({
  roles,
  direct = NO_DIRECT,
  label,
}: {
  roles: readonly PreviewRole[];
  direct?: DirectGrants;
  label?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="permission-preview-open">
        <ShieldIcon />
        {t('admin.permissionPreview.open')}
      </Button>
      {open && (
        <ModalDialog
          open
          onOpenChange={(o) => !o && setOpen(false)}
          title={label ? t('admin.permissionPreview.titleOf', { name: label }) : t('admin.permissionPreview.title')}
          size="lg"
          closeOnInteractOutside
          data-testid="permission-preview"
        >
          <PreviewBody roles={roles} direct={direct} />
        </ModalDialog>
      )}
    </>
  );
}

const NO_DIRECT: DirectGrants = {};

const NO_ROLES: readonly string[] = [];

/**
 * The user editor's preview: the roles checked in the form (their grants as
 * `User/GetRoles` lists them; the static Admin role's are every permission of
 * its side), before the user is saved.
 */
export function UserPermissionPreviewField({ control }: CustomFieldProps<unknown>) {
  const checked = (useWatch({ control, name: 'roleNames' }) as string[] | undefined) ?? NO_ROLES;
  const userName = useWatch({ control, name: 'userName' }) as string | undefined;
  const { data } = useApi(api.user.getRoles, {});
  const roles = useMemo(() => (data?.items ?? []).filter((r) => checked.includes(r.normalizedName)), [data, checked]);
  return (
    <Box data-field="permissionPreview">
      <PermissionPreviewButton roles={roles} label={userName || undefined} />
    </Box>
  );
}
