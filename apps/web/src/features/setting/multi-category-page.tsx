import { Breadcrumb, Button, HStack, Menu, NativeSelect, Portal, Text } from '@chakra-ui/react';
import { ChevronDownIcon, ChevronLeftIcon } from '@edu/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../lib/client.ts';
import { ListInUrl, ResourcePage, ScreenCard, useApi } from '../../resources/index.ts';
import { useClassTypeOptions } from '../../shared/categories.tsx';
import { levelSearch, readLevel, type TreeLevel } from './category-tree.ts';
import { multiCategoryResource } from './multi-category.resource.tsx';

/**
 * The path to the level shown (`课程分类 › 小学 › 数学`): every crumb opens its
 * level; the last one lists its siblings (`GetSameLevelBreadCrumbs`) to jump
 * across without going up.
 */
function LevelCrumbs({ level, typeName }: { level: TreeLevel; typeName: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { data } = useApi(api.multiLevelCategory.getSameLevelBreadCrumbs, level.parentId ? { Id: level.parentId } : null);
  const crumbs = level.parentId ? (data?.breadcrumbs ?? []) : [];
  const siblings = data?.sameLevel ?? [];
  const up = crumbs.length >= 2 ? crumbs[crumbs.length - 2]!.id : 0;
  const open = (parentId: number) => setParams(new URLSearchParams(levelSearch({ ...level, parentId }).slice(1)));

  return (
    <HStack gap="3" wrap="wrap" bg="bg.subtle" borderRadius="md" px="3" py="2" data-testid="category-breadcrumbs">
      {level.parentId > 0 && (
        <Button size="xs" variant="outline" onClick={() => open(up)} data-testid="category-up">
          <ChevronLeftIcon />
          {t('resources.multiLevelCategory.up')}
        </Button>
      )}
      <Breadcrumb.Root size="sm" aria-label={t('resources.multiLevelCategory.levels')}>
        <Breadcrumb.List>
          <Breadcrumb.Item>
            {level.parentId ? (
              <Breadcrumb.Link asChild>
                <Link to={{ search: levelSearch({ ...level, parentId: 0 }) }}>{typeName}</Link>
              </Breadcrumb.Link>
            ) : (
              <Breadcrumb.CurrentLink>{typeName}</Breadcrumb.CurrentLink>
            )}
          </Breadcrumb.Item>
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1;
            return (
              <HStack key={c.id} gap="inherit" as="span">
                <Breadcrumb.Separator />
                <Breadcrumb.Item>
                  {last ? (
                    siblings.length > 1 ? (
                      <Menu.Root onSelect={(d) => open(Number(d.value))}>
                        <Menu.Trigger asChild>
                          <Button size="xs" variant="ghost" fontWeight="semibold" px="1" data-testid="category-siblings">
                            {c.name}
                            <ChevronDownIcon />
                          </Button>
                        </Menu.Trigger>
                        <Portal>
                          <Menu.Positioner>
                            <Menu.Content maxH="72" overflowY="auto">
                              <Menu.ItemGroup>
                                <Menu.ItemGroupLabel>{t('resources.multiLevelCategory.sameLevel')}</Menu.ItemGroupLabel>
                                {siblings.map((s) => (
                                  <Menu.Item key={s.id} value={String(s.id)} fontWeight={s.id === c.id ? 'semibold' : undefined}>
                                    {s.name}
                                  </Menu.Item>
                                ))}
                              </Menu.ItemGroup>
                            </Menu.Content>
                          </Menu.Positioner>
                        </Portal>
                      </Menu.Root>
                    ) : (
                      <Breadcrumb.CurrentLink>{c.name}</Breadcrumb.CurrentLink>
                    )
                  ) : (
                    <Breadcrumb.Link asChild>
                      <Link to={{ search: levelSearch({ ...level, parentId: c.id }) }}>{c.name}</Link>
                    </Breadcrumb.Link>
                  )}
                </Breadcrumb.Item>
              </HStack>
            );
          })}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Text fontSize="xs" color="fg.muted">
        {level.parentId ? t('resources.multiLevelCategory.childrenOf') : t('resources.multiLevelCategory.roots')}
      </Text>
    </HStack>
  );
}

/**
 * 多级分类 (/setting/multiCategory): a class type's tree, one level at a time
 * (`?type=2&parent=12`), with breadcrumbs; a new category is created under the
 * level shown.
 */
export default function MultiCategoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = useClassTypeOptions();
  const level = readLevel(params, Number(types[0]?.value ?? 1));
  const typeName = types.find((o) => o.value === level.classTypeId)?.label ?? '';
  const resource = useMemo(
    () =>
      multiCategoryResource.variant('level', {
        titleKey: 'resources.multiLevelCategory.title',
        query: { ClassTypeId: level.classTypeId, ParentId: level.parentId },
        defaults: { classTypeId: level.classTypeId, parentId: level.parentId || null },
      }),
    [level.classTypeId, level.parentId],
  );

  const typePicker = (
    <NativeSelect.Root size="sm" width="auto" minW="36">
      <NativeSelect.Field
        aria-label={t('resources.multiLevelCategory.fields.classTypeId')}
        value={String(level.classTypeId)}
        onChange={(e) => setParams(new URLSearchParams({ type: e.currentTarget.value }))}
        data-testid="category-type"
      >
        {types.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <ScreenCard>
      {/* The level's list keeps its page and filters in the URL beside the level (another level starts a new list). */}
      <ListInUrl>
        <ResourcePage
          key={`${level.classTypeId}-${level.parentId}`}
          resource={resource}
          showTitle={false}
          toolbarExtra={typePicker}
          subheader={<LevelCrumbs level={level} typeName={typeName} />}
        />
      </ListInUrl>
    </ScreenCard>
  );
}
