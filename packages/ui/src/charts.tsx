import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Series colours (Chakra CSS variables), readable on white and distinct from one another. */
export const CHART_COLORS = [
  'var(--chakra-colors-brand-500)',
  'var(--chakra-colors-teal-500)',
  'var(--chakra-colors-orange-400)',
  'var(--chakra-colors-purple-500)',
  'var(--chakra-colors-pink-500)',
  'var(--chakra-colors-cyan-500)',
  'var(--chakra-colors-green-500)',
  'var(--chakra-colors-yellow-500)',
];

/**
 * Y-axis ticks from 0 to a "nice" maximum (1, 2, 2.5 or 5 times a power of ten)
 * that covers `max`, in `count` equal steps. Integers only when counting
 * people: steps are at least 1. `niceTicks(37)` is `[0, 10, 20, 30, 40]`.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return Array.from({ length: count + 1 }, (_, i) => i);
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const intStep = Number.isInteger(step) ? step : Math.ceil(step);
  return Array.from({ length: count + 1 }, (_, i) => i * intStep);
}

/** How a chart shows a value by default: as it is (counts). Money charts pass integer fen and a money formatter. */
const plain = (value: number): string => String(value);

function useWidth<T extends HTMLElement>(fallback = 600) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || fallback);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

export interface LineSeries {
  name: string;
  values: readonly number[];
  color?: string;
}

export interface LineChartProps {
  /** X labels (e.g. `MM-DD`), one per value. */
  labels: readonly string[];
  series: readonly LineSeries[];
  height?: number;
  emptyText?: ReactNode;
  /** Shows a value (axis ticks, read-out); the values stay exact (e.g. integer fen) and only this turns them into text. */
  formatValue?: (value: number) => string;
  'aria-label'?: string;
}

/** A small multi-series line chart in SVG, with a grid, a legend and a hover read-out. */
export function LineChart({ labels, series, height = 240, emptyText, formatValue = plain, ...rest }: LineChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const uid = `lc${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(max);
  // The axis is as wide as its longest label (about 7 px a character at 11 px).
  const axis = Math.max(28, ...ticks.map((tk) => formatValue(tk).length * 7)) + 8;
  const pad = { top: 12, right: 16, bottom: 28, left: axis };
  const w = Math.max(200, width);
  const innerW = w - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const top = ticks[ticks.length - 1] || 1;
  const n = labels.length;
  const x = (i: number) => pad.left + (n <= 1 ? innerW / 2 : (i * innerW) / (n - 1));
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  const colorOf = (i: number) => series[i]?.color ?? CHART_COLORS[i % CHART_COLORS.length]!;
  const empty = n === 0 || series.length === 0;

  return (
    <Stack gap="2" {...rest} role="img">
      <HStack gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
        {series.map((s, i) => (
          <HStack key={s.name} gap="1.5">
            <Box boxSize="2.5" borderRadius="full" style={{ background: colorOf(i) }} />
            <Text>{s.name}</Text>
          </HStack>
        ))}
      </HStack>
      <Box ref={ref} position="relative" width="full" height={`${height}px`}>
        {empty ? (
          <Flex height="full" align="center" justify="center" color="fg.muted" fontSize="sm">
            {emptyText}
          </Flex>
        ) : (
          <svg width={w} height={height} style={{ display: 'block', overflow: 'visible' }}>
            <defs>
              {series.map((s, i) => (
                <linearGradient key={s.name} id={`${uid}-fill-${i}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={colorOf(i)} stopOpacity={0.18} />
                  <stop offset="100%" stopColor={colorOf(i)} stopOpacity={0} />
                </linearGradient>
              ))}
            </defs>
            {ticks.map((tk) => (
              <g key={tk}>
                <line
                  x1={pad.left}
                  x2={w - pad.right}
                  y1={y(tk)}
                  y2={y(tk)}
                  stroke="var(--chakra-colors-border)"
                  strokeDasharray={tk === 0 ? undefined : '3 3'}
                />
                <text x={pad.left - 8} y={y(tk)} dy="0.32em" textAnchor="end" fontSize="11" fill="var(--chakra-colors-fg-muted)">
                  {formatValue(tk)}
                </text>
              </g>
            ))}
            {labels.map((l, i) => (
              <text key={l + i} x={x(i)} y={height - 8} textAnchor="middle" fontSize="11" fill="var(--chakra-colors-fg-muted)">
                {l}
              </text>
            ))}
            {series.map((s, si) => {
              const pts = s.values.map((v, i) => `${x(i)},${y(v)}`);
              const area = `M${x(0)},${y(0)} L${pts.join(' L')} L${x(s.values.length - 1)},${y(0)} Z`;
              return (
                <g key={s.name}>
                  <path d={area} fill={`url(#${uid}-fill-${si})`} />
                  <polyline points={pts.join(' ')} fill="none" stroke={colorOf(si)} strokeWidth={2} strokeLinejoin="round" />
                  {s.values.map((v, i) => (
                    <circle
                      key={i}
                      cx={x(i)}
                      cy={y(v)}
                      r={hover === i ? 4.5 : 3}
                      fill="var(--chakra-colors-bg)"
                      stroke={colorOf(si)}
                      strokeWidth={2}
                    />
                  ))}
                </g>
              );
            })}
            {hover !== null && (
              <line x1={x(hover)} x2={x(hover)} y1={pad.top} y2={pad.top + innerH} stroke="var(--chakra-colors-border-emphasized)" />
            )}
            <rect
              x={pad.left}
              y={pad.top}
              width={innerW}
              height={innerH}
              fill="transparent"
              onMouseLeave={() => setHover(null)}
              onMouseMove={(e) => {
                const box = e.currentTarget.getBoundingClientRect();
                const rel = (e.clientX - box.left) / Math.max(1, box.width);
                setHover(Math.min(n - 1, Math.max(0, Math.round(rel * (n - 1)))));
              }}
            />
          </svg>
        )}
        {hover !== null && !empty && (
          <Box
            position="absolute"
            top="2"
            left={`${Math.min(x(hover) + 12, w - 150)}px`}
            bg="bg.panel"
            borderWidth="1px"
            borderRadius="md"
            shadow="md"
            px="3"
            py="2"
            fontSize="xs"
            pointerEvents="none"
            minW="32"
          >
            <Text fontWeight="semibold" mb="1">
              {labels[hover]}
            </Text>
            {series.map((s, i) => (
              <HStack key={s.name} justify="space-between" gap="3">
                <HStack gap="1.5">
                  <Box boxSize="2" borderRadius="full" style={{ background: colorOf(i) }} />
                  <Text color="fg.muted">{s.name}</Text>
                </HStack>
                <Text fontWeight="medium">{formatValue(s.values[hover] ?? 0)}</Text>
              </HStack>
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}

export interface DonutItem {
  name: string;
  value: number;
  color?: string;
}

export interface DonutChartProps {
  items: readonly DonutItem[];
  /** Text in the hole (e.g. the total's label). */
  centerLabel?: ReactNode;
  size?: number;
  emptyText?: ReactNode;
  /** Shows a value and the total (legend, hole, hover title); values stay exact (e.g. integer fen) and only this turns them into text. */
  formatValue?: (value: number) => string;
  'aria-label'?: string;
}

/** A donut with a legend of values and shares. */
export function DonutChart({ items, centerLabel, size = 180, emptyText, formatValue = plain, ...rest }: DonutChartProps) {
  const total = items.reduce((s, i) => s + Math.max(0, i.value), 0);
  const stroke = 22;
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  // Each arc starts where the ones before it end.
  const starts = items.map((_, i) => items.slice(0, i).reduce((sum, it) => sum + (Math.max(0, it.value) / total) * c, 0));
  const colorOf = (i: number) => items[i]?.color ?? CHART_COLORS[i % CHART_COLORS.length]!;
  if (total === 0)
    return (
      <Flex height={`${size}px`} align="center" justify="center" color="fg.muted" fontSize="sm">
        {emptyText}
      </Flex>
    );
  return (
    <Flex gap="6" align="center" wrap="wrap" justify="center" role="img" aria-label={rest['aria-label']}>
      <Box position="relative" width={`${size}px`} height={`${size}px`} flexShrink={0}>
        <svg width={size} height={size} style={{ transform: 'rotate(-90deg)' }}>
          <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="var(--chakra-colors-bg-muted)" strokeWidth={stroke} />
          {items.map((item, i) => {
            const len = (Math.max(0, item.value) / total) * c;
            return (
              <circle
                key={item.name}
                cx={size / 2}
                cy={size / 2}
                r={r}
                fill="none"
                stroke={colorOf(i)}
                strokeWidth={stroke}
                strokeDasharray={`${len} ${c - len}`}
                strokeDashoffset={-starts[i]!}
              >
                <title>{`${item.name}: ${formatValue(item.value)}`}</title>
              </circle>
            );
          })}
        </svg>
        <Flex position="absolute" inset="0" direction="column" align="center" justify="center">
          <Text
            fontSize={formatValue(total).length > 8 ? 'md' : '2xl'}
            fontWeight="semibold"
            lineHeight="1"
            maxW={`${size - 2 * stroke - 8}px`}
            textAlign="center"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="donut-total"
          >
            {formatValue(total)}
          </Text>
          {centerLabel && (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {centerLabel}
            </Text>
          )}
        </Flex>
      </Box>
      <Stack gap="2" minW="40" flex="1" maxW="xs">
        {items.map((item, i) => (
          <HStack key={item.name} justify="space-between" fontSize="sm" gap="3">
            <HStack gap="2" minW="0">
              <Box boxSize="2.5" borderRadius="sm" flexShrink={0} style={{ background: colorOf(i) }} />
              <Text truncate>{item.name}</Text>
            </HStack>
            <HStack gap="2" flexShrink={0}>
              <Text fontWeight="medium">{formatValue(item.value)}</Text>
              <Text color="fg.muted" fontSize="xs" minW="10" textAlign="end">
                {Math.round((Math.max(0, item.value) / total) * 100)}%
              </Text>
            </HStack>
          </HStack>
        ))}
      </Stack>
    </Flex>
  );
}
