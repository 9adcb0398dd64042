import { Box, Checkbox, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useUiLabels } from './labels.tsx';
import { allNames, checkState, orderedNames, toggleNode, type CheckState, type PermissionNodeLike } from './permission-tree-state.ts';

export interface PermissionTreeProps {
  nodes: readonly PermissionNodeLike[];
  /** Granted permission names. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** Text of the "check everything" box at the top (default from the ui labels). */
  checkAllLabel?: string;
}

function NodeCheckbox({
  node,
  state,
  onToggle,
  disabled,
  bold,
}: {
  node: PermissionNodeLike;
  state: CheckState;
  onToggle: () => void;
  disabled?: boolean;
  bold?: boolean;
}) {
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      checked={state}
      onCheckedChange={onToggle}
      disabled={disabled}
      data-permission={node.name}
      data-state-value={String(state)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight={bold ? 'semibold' : 'normal'}>{node.displayName}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * A checkbox tree of permissions: a box to check everything, one card per
 * group with its own check-all box, indeterminate parents, deeper levels
 * indented. Controlled: `value` is the list of granted names.
 */
export function PermissionTree({ nodes, value, onChange, disabled, checkAllLabel }: PermissionTreeProps) {
  const labels = useUiLabels();
  const granted = useMemo(() => new Set(value), [value]);
  const toggle = (node: PermissionNodeLike) => onChange(orderedNames(nodes, toggleNode(nodes, granted, node)));

  const every = allNames(nodes);
  const hits = every.filter((n) => granted.has(n)).length;
  const allState: CheckState = hits === 0 ? false : hits === every.length ? true : 'indeterminate';
  const toggleAll = () => onChange(allState === true ? [] : every);

  // A single root (ABP's `Pages`) holds the groups: show its children as the groups.
  const single = nodes.length === 1 ? nodes[0] : undefined;
  const groups = single ? (single.children ?? []) : nodes;

  const renderChildren = (list: readonly PermissionNodeLike[], depth: number): React.ReactNode => (
    <SimpleGrid columns={depth === 0 ? { base: 1, sm: 2, md: 3 } : 1} gap="2" ps={depth === 0 ? 0 : 6}>
      {list.map((child) => (
        <Stack key={child.name} gap="2">
          <NodeCheckbox node={child} state={checkState(child, granted)} onToggle={() => toggle(child)} disabled={disabled} />
          {child.children && child.children.length > 0 && renderChildren(child.children, depth + 1)}
        </Stack>
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="3" width="full" data-testid="permission-tree">
      <Flex align="center" gap="4">
        <Checkbox.Root size="sm" colorPalette="brand" checked={allState} onCheckedChange={toggleAll} disabled={disabled} data-permission="*">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="semibold">{checkAllLabel ?? labels.checkAll}</Checkbox.Label>
        </Checkbox.Root>
        {single && (
          <NodeCheckbox
            node={single}
            state={granted.has(single.name)}
            onToggle={() => {
              const next = new Set(granted);
              if (next.has(single.name)) next.delete(single.name);
              else next.add(single.name);
              onChange(orderedNames(nodes, next));
            }}
            disabled={disabled}
          />
        )}
      </Flex>
      {groups.map((group) => (
        <Box key={group.name} borderWidth="1px" borderRadius="md" overflow="hidden" width="full">
          <Flex bg="bg.muted" px="3" py="2" align="center" justify="space-between">
            <NodeCheckbox node={group} state={checkState(group, granted)} onToggle={() => toggle(group)} disabled={disabled} bold />
            <Text fontSize="xs" color="fg.muted">
              {subtreeCount(group, granted)}
            </Text>
          </Flex>
          {group.children && group.children.length > 0 && (
            <Box px="3" py="3">
              {renderChildren(group.children, 0)}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function subtreeCount(node: PermissionNodeLike, granted: ReadonlySet<string>): string {
  const names = allNames(node.children ?? []);
  return `${names.filter((n) => granted.has(n)).length} / ${names.length}`;
}
