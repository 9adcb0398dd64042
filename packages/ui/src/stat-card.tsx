import { Box, Card, Flex, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  /** Chakra colour palette of the icon badge. */
  colorPalette?: string;
  hint?: ReactNode;
  loading?: boolean;
  'data-testid'?: string;
}

/** A figure on a card: icon badge, label, big number, optional hint line. */
export function StatCard({ label, value, icon, colorPalette = 'brand', hint, loading, ...rest }: StatCardProps) {
  return (
    <Card.Root size="sm" variant="outline" data-testid={rest['data-testid']}>
      <Card.Body>
        <Flex align="center" gap="4">
          {icon && (
            <Flex
              colorPalette={colorPalette}
              bg="colorPalette.subtle"
              color="colorPalette.fg"
              boxSize="12"
              borderRadius="lg"
              align="center"
              justify="center"
              fontSize="2xl"
              flexShrink={0}
            >
              {icon}
            </Flex>
          )}
          <Box minW="0">
            <Text color="fg.muted" fontSize="sm" truncate>
              {label}
            </Text>
            {loading ? (
              <Skeleton height="7" width="16" mt="1" />
            ) : (
              <Text fontSize="2xl" fontWeight="semibold" lineHeight="short" data-testid="stat-value">
                {value}
              </Text>
            )}
            {hint && (
              <Text color="fg.muted" fontSize="xs" mt="0.5" truncate>
                {hint}
              </Text>
            )}
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
