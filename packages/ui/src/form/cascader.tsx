import { Box, Button, Flex, IconButton, Input, Popover, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from '../icons.tsx';
import { useUiLabels } from '../labels.tsx';
import { FieldShell, type BaseFieldProps } from './fields.tsx';
import { flattenTree, nodePathOf, searchTree, type TreeOption } from './options.ts';

type Value = string | number;

export interface CascaderProps {
  options: readonly TreeOption[];
  /** The picked node's value, or null. */
  value: Value | null | undefined;
  /** Called with the node's value (null when cleared) and its path from the root. */
  onChange: (value: Value | null, path: Value[]) => void;
  /**
   * Any node may be picked (a click on a branch picks it and opens its
   * children). Default false: only leaves are picked, branches just open.
   */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Show a clear button when a value is picked (default true). */
  clearable?: boolean;
  size?: 'xs' | 'sm' | 'md';
  width?: string | Record<string, string>;
  /** Render the panel in a portal (on pages); leave off inside dialogs. */
  portalled?: boolean;
  /** Extra text after a node's label (counts, hints). */
  renderExtra?: (node: TreeOption) => ReactNode;
  name?: string;
  onBlur?: () => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Shows a search box when the tree is at least this big. */
const SEARCH_FROM = 12;

/**
 * A cascader (级联选择): the trigger shows the picked node's path
 * (`小学 / 数学 / 一年级上册`); the panel shows one column per level, a click on
 * a branch opens its children in the next column. Disabled nodes can still be
 * opened (their descendants may be pickable) but not picked. Big trees get a
 * search box that matches whole paths.
 */
export function Cascader(props: CascaderProps) {
  const labels = useUiLabels();
  const { options, value, onChange, changeOnSelect = false, clearable = true, size = 'md' } = props;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const selectedPath = useMemo(() => nodePathOf(options, value as Value), [options, value]);
  // The path of opened nodes; starts at the picked value's path each time the panel opens.
  const [active, setActive] = useState<TreeOption[]>(selectedPath);
  const bigTree = useMemo(() => flattenTree(options).length >= SEARCH_FROM, [options]);
  const hits = useMemo(() => (search ? searchTree(options, search) : []), [options, search]);

  const columns: (readonly TreeOption[])[] = [options];
  for (const n of active) if (n.children && n.children.length) columns.push(n.children);

  const pick = (node: TreeOption, path: TreeOption[]) => {
    onChange(
      node.value,
      path.map((n) => n.value),
    );
    const isLeaf = !node.children || node.children.length === 0;
    if (isLeaf || !changeOnSelect) setOpen(false);
  };
  const clickNode = (node: TreeOption, depth: number) => {
    const path = [...active.slice(0, depth), node];
    setActive(path);
    const isLeaf = !node.children || node.children.length === 0;
    if (!node.disabled && (isLeaf || changeOnSelect)) pick(node, path);
  };

  const label = selectedPath.map((n) => n.label).join(' / ');
  const testId = props['data-testid'] ?? (props.name ? `cascader-${props.name}` : 'cascader');

  const panel = (
    <Popover.Positioner>
      <Popover.Content width="auto" maxW="min(92vw, 760px)" data-testid={`${testId}-panel`}>
        <Popover.Body p="0">
          {bigTree && (
            <Box p="2" borderBottomWidth="1px">
              <Flex align="center" gap="2" px="2" borderWidth="1px" borderRadius="md">
                <SearchIcon color="fg.muted" />
                <Input
                  size="sm"
                  variant="flushed"
                  border="none"
                  value={search}
                  placeholder={labels.search ?? 'Search'}
                  onChange={(e) => setSearch(e.target.value)}
                  data-testid={`${testId}-search`}
                />
              </Flex>
            </Box>
          )}
          {search ? (
            <Stack gap="0" maxH="64" overflowY="auto" py="1" minW="64">
              {hits.length === 0 && (
                <Text px="3" py="2" color="fg.muted">
                  {labels.empty}
                </Text>
              )}
              {hits.map((h) => {
                const blocked = !!h.disabled || (!changeOnSelect && !h.isLeaf);
                return (
                  <Box
                    as="button"
                    key={h.path.join('/')}
                    textAlign="start"
                    px="3"
                    py="1.5"
                    cursor={blocked ? 'not-allowed' : 'pointer'}
                    color={blocked ? 'fg.subtle' : undefined}
                    _hover={blocked ? undefined : { bg: 'bg.muted' }}
                    onClick={() => {
                      if (blocked) return;
                      pick(h, nodePathOf(options, h.value));
                      setOpen(false);
                    }}
                    data-testid="cascader-hit"
                  >
                    {h.pathLabel}
                  </Box>
                );
              })}
            </Stack>
          ) : (
            <Flex align="stretch" overflowX="auto">
              {columns.map((list, depth) => (
                <Stack
                  key={depth}
                  gap="0"
                  py="1"
                  minW="36"
                  maxH="64"
                  overflowY="auto"
                  borderInlineStartWidth={depth === 0 ? 0 : '1px'}
                  role="listbox"
                  data-testid={`${testId}-column-${depth}`}
                >
                  {list.map((node) => {
                    const opened = active[depth] && String(active[depth].value) === String(node.value);
                    const picked = selectedPath.length > 0 && String(selectedPath[selectedPath.length - 1]!.value) === String(node.value);
                    const hasChildren = !!node.children && node.children.length > 0;
                    return (
                      <Flex
                        as="button"
                        key={String(node.value)}
                        role="option"
                        aria-selected={picked}
                        aria-disabled={node.disabled || undefined}
                        align="center"
                        justify="space-between"
                        gap="3"
                        px="3"
                        py="1.5"
                        textAlign="start"
                        whiteSpace="nowrap"
                        cursor="pointer"
                        bg={opened ? 'brand.subtle' : undefined}
                        color={node.disabled ? 'fg.subtle' : picked ? 'brand.fg' : undefined}
                        fontWeight={picked ? 'semibold' : 'normal'}
                        _hover={{ bg: opened ? 'brand.subtle' : 'bg.muted' }}
                        onClick={() => clickNode(node, depth)}
                        data-value={String(node.value)}
                        data-testid="cascader-option"
                      >
                        <Text as="span">
                          {node.label}
                          {props.renderExtra?.(node)}
                        </Text>
                        {hasChildren && <ChevronRightIcon color="fg.muted" />}
                      </Flex>
                    );
                  })}
                </Stack>
              ))}
            </Flex>
          )}
        </Popover.Body>
      </Popover.Content>
    </Popover.Positioner>
  );

  return (
    <Box position="relative" width={props.width ?? 'full'}>
      <Popover.Root
        open={open}
        onOpenChange={(e) => {
          setOpen(e.open);
          if (e.open) {
            setActive(selectedPath);
            setSearch('');
          }
          if (!e.open) props.onBlur?.();
        }}
        positioning={{ placement: 'bottom-start', strategy: 'fixed' }}
        lazyMount
        unmountOnExit
        autoFocus={false}
      >
        <Popover.Trigger asChild>
          <Button
            name={props.name}
            variant="outline"
            size={size}
            width="full"
            justifyContent="space-between"
            fontWeight="normal"
            disabled={props.disabled}
            aria-invalid={props.invalid || undefined}
            borderColor={props.invalid ? 'border.error' : undefined}
            pe={clearable && label ? '8' : undefined}
            data-testid={testId}
            title={label || undefined}
          >
            {/* The name is the label and then the visible text (never a label that hides what is shown). */}
            {props['aria-label'] && <VisuallyHidden>{props['aria-label']} </VisuallyHidden>}
            <Text as="span" truncate color={label ? undefined : 'fg.muted'}>
              {label || (props.placeholder ?? labels.selectPlaceholder)}
            </Text>
            {!(clearable && label) && <ChevronDownIcon color="fg.muted" />}
          </Button>
        </Popover.Trigger>
        {props.portalled ? <Portal>{panel}</Portal> : panel}
      </Popover.Root>
      {clearable && label && !props.disabled && (
        <IconButton
          aria-label={labels.clear ?? 'Clear'}
          size="2xs"
          variant="ghost"
          position="absolute"
          insetEnd="1.5"
          top="50%"
          transform="translateY(-50%)"
          onClick={() => onChange(null, [])}
          data-testid={`${testId}-clear`}
        >
          ×
        </IconButton>
      )}
    </Box>
  );
}

export interface CascaderFieldProps<T extends FieldValues> extends BaseFieldProps<T> {
  options: readonly TreeOption[];
  /** `node` (default) stores the picked node's value; `path` the values from the root. */
  valueMode?: 'node' | 'path';
  changeOnSelect?: boolean;
  renderExtra?: (node: TreeOption) => ReactNode;
}

/** A react-hook-form field over `Cascader` (no portal: it works inside dialogs). */
export function CascaderField<T extends FieldValues>(props: CascaderFieldProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const mode = props.valueMode ?? 'node';
  const raw = field.value as unknown;
  const value = mode === 'path' ? (Array.isArray(raw) && raw.length ? (raw[raw.length - 1] as Value) : null) : (raw as Value | null);
  return (
    <FieldShell {...props} name={props.name} error={fieldState.error?.message}>
      <Cascader
        options={props.options}
        value={value}
        onChange={(v, path) => field.onChange(mode === 'path' ? path : v)}
        changeOnSelect={props.changeOnSelect}
        placeholder={props.placeholder}
        disabled={props.disabled}
        invalid={!!fieldState.error}
        name={field.name}
        onBlur={field.onBlur}
        renderExtra={props.renderExtra}
      />
    </FieldShell>
  );
}
