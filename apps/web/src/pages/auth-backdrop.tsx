import type { ReactNode } from 'react';
import { Flex } from '@chakra-ui/react';

/** The full-screen background of the sign-in and lock screens: their one main landmark. */
export function AuthBackdrop({ children, dark = false }: { children: ReactNode; dark?: boolean }) {
  return (
    <Flex
      as="main"
      minH="100vh"
      align="center"
      justify="center"
      p={4}
      position="relative"
      style={{
        background: dark
          ? 'radial-gradient(circle at 30% 20%, #1e3a5f 0%, #0b1a2e 60%)'
          : 'linear-gradient(135deg, #1d4ed8 0%, #2563eb 40%, #0ea5e9 100%)',
      }}
    >
      {children}
    </Flex>
  );
}
