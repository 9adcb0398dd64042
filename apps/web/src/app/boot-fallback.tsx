import { Center, Spinner } from '@chakra-ui/react';

/** Shown while the first route's guard and chunk resolve. */
export function BootFallback() {
  return (
    <Center minH="100vh" data-testid="boot-fallback">
      <Spinner color="blue.500" size="lg" />
    </Center>
  );
}
