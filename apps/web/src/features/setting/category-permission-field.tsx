import { Badge, Box, Checkbox, Fieldset, Flex, IconButton, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import type { CategoryPermissionNode, RoleDto } from '@edu/sdk';
import { ChevronDownIcon, ChevronRightIcon } from '@edu/ui';
import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi, type CustomFieldProps } from '../../resources/index.ts';
import { coveredCount, grantState, toggleGrant } from './category-grants.ts';

interface NodeProps {
  node: CategoryPermissionNode;
  granted: ReadonlySet<number>;
  covered: boolean;
  depth: number;
  open: ReadonlySet<number>;
  onOpen: (id: number) => void;
  onToggle: (id: number) => void;
  disabled: boolean;
}

function CategoryNode({ node, granted, covered, depth, open, onOpen, onToggle, disabled }: NodeProps) {
  const state = grantState(node, granted, covered);
  const expanded = open.has(node.id);
  const hasChildren = node.children.length > 0;
  return (
    <Box>
      <Flex align="center" gap="1" ps={`${depth * 20}px`} py="0.5">
        {hasChildren ? (
          <IconButton size="2xs" variant="ghost" aria-label={node.name} aria-expanded={expanded} onClick={() => onOpen(node.id)}>
            {expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
          </IconButton>
        ) : (
          <Box w="6" flexShrink={0} />
        )}
        <Checkbox.Root
          size="sm"
          colorPalette="brand"
          checked={state}
          disabled={disabled}
          onCheckedChange={() => onToggle(node.id)}
          data-category={node.id}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight={depth === 0 ? 'semibold' : 'normal'}>{node.name}</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      {hasChildren && expanded && (
        <Box>
          {node.children.map((c) => (
            <CategoryNode
              key={c.id}
              node={c}
              granted={granted}
              covered={covered || granted.has(node.id)}
              depth={depth + 1}
              open={open}
              onOpen={onOpen}
              onToggle={onToggle}
              disabled={disabled}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The categories a role may manage (`CategoryPermision/BehindMultiLevel`), one
 * tab per classification type, bound to the form's `grantedCategoryIds`.
 * Checking a category covers its whole subtree, as the server applies it.
 */
export function CategoryPermissionField({ control, name, label, disabled, row }: CustomFieldProps<RoleDto>) {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  const tree = useApi(api.categoryPermision.behindMultiLevel, { roleId: row?.id ?? 0 });
  const types = useApi(api.classificationType.getClassificationTypeList, {});
  const granted = useMemo(() => new Set<number>((field.value as number[] | undefined) ?? []), [field.value]);
  const [open, setOpen] = useState<Set<number>>(new Set());

  const groups = useMemo(() => {
    const items = tree.data?.items ?? [];
    const byType = new Map<number, CategoryPermissionNode[]>();
    for (const n of items) byType.set(n.classTypeId, [...(byType.get(n.classTypeId) ?? []), n]);
    const names = new Map((types.data?.items ?? []).map((c) => [c.id, c.name]));
    return [...byType.entries()].map(([id, roots]) => ({ id, name: names.get(id) ?? `#${id}`, roots }));
  }, [tree.data, types.data]);

  const all = useMemo(() => groups.flatMap((g) => g.roots), [groups]);
  const toggle = (id: number) => field.onChange([...toggleGrant(all, granted, id)].sort((a, b) => a - b));
  const flip = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    // A fieldset, not a field: the checkboxes of a Field share its one input id, so a click on a label would toggle another.
    <Fieldset.Root data-field={name}>
      <Fieldset.Legend>{label}</Fieldset.Legend>
      <Text fontSize="xs" color="fg.muted" mb="1">
        {t('resources.role.categoryHint')}
      </Text>
      {tree.isLoading || !tree.data ? (
        <Flex align="center" gap="2" py="4" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('resources.role.categoriesLoading')}</Text>
        </Flex>
      ) : groups.length === 0 ? (
        <Text color="fg.subtle" py="2">
          {t('table.empty')}
        </Text>
      ) : (
        <Box width="full" borderWidth="1px" borderRadius="md" data-testid="category-permission-tree">
          <Tabs.Root defaultValue={String(groups[0]!.id)} size="sm" variant="line" colorPalette="brand" lazyMount>
            <Tabs.List overflowX="auto" px="2">
              {groups.map((g) => {
                const count = coveredCount(g.roots, granted);
                return (
                  <Tabs.Trigger key={g.id} value={String(g.id)} whiteSpace="nowrap">
                    {g.name}
                    {count > 0 && (
                      <Badge size="xs" variant="solid" colorPalette="brand">
                        {count}
                      </Badge>
                    )}
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
            {groups.map((g) => (
              <Tabs.Content key={g.id} value={String(g.id)} px="2" py="2" maxH="72" overflowY="auto">
                <Stack gap="0">
                  {g.roots.map((n) => (
                    <CategoryNode
                      key={n.id}
                      node={n}
                      granted={granted}
                      covered={false}
                      depth={0}
                      open={open}
                      onOpen={flip}
                      onToggle={toggle}
                      disabled={disabled}
                    />
                  ))}
                </Stack>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Box>
      )}
    </Fieldset.Root>
  );
}
