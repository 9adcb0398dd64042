import { HStack, Progress, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ProgressBarProps {
  /** 0..100; undefined shows an indeterminate bar (queued, not started). */
  value: number | undefined;
  /** A line above the bar, e.g. the job's current step. */
  label?: ReactNode;
  /** `red` once failed, `green` once done; default the theme's blue. */
  colorPalette?: 'blue' | 'green' | 'red' | 'orange';
  'data-testid'?: string;
}

/** A labelled progress bar with its percentage (presentational: the caller knows what progresses). */
export function ProgressBar(props: ProgressBarProps) {
  const value = props.value === undefined ? null : Math.max(0, Math.min(100, Math.round(props.value)));
  return (
    <Progress.Root value={value} max={100} colorPalette={props.colorPalette ?? 'blue'} size="sm" data-testid={props['data-testid']}>
      <HStack justify="space-between" mb="1" gap="3">
        {props.label !== undefined && (
          <Progress.Label asChild>
            <Text fontSize="sm" truncate>
              {props.label}
            </Text>
          </Progress.Label>
        )}
        {value !== null && <Progress.ValueText fontSize="sm">{`${value}%`}</Progress.ValueText>}
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
