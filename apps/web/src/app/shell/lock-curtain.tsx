import { useEffect, useState } from 'react';
import { Box, Center } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LOCK_ANIMATION_MS } from '../../lib/auth.ts';
import { Icon } from './icons.tsx';

/** The ~800 ms lock animation: a dark curtain spreading from the top right. */
export function LockCurtain() {
  const { t } = useTranslation();
  const [grown, setGrown] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => requestAnimationFrame(() => setGrown(true)));
    return () => cancelAnimationFrame(id);
  }, []);
  return (
    <Box
      position="fixed"
      inset={0}
      zIndex={3000}
      bg="#0b1a2e"
      data-testid="lock-curtain"
      style={{
        clipPath: grown ? 'circle(150% at calc(100% - 160px) 28px)' : 'circle(0% at calc(100% - 160px) 28px)',
        transition: `clip-path ${LOCK_ANIMATION_MS}ms ease-in`,
      }}
    >
      <Center h="full" color="white" flexDirection="column" gap={3} opacity={grown ? 1 : 0} transition="opacity 0.6s">
        <Icon name="lock" size={40} />
        <Box fontSize="sm" opacity={0.8}>
          {t('lock.locking')}
        </Box>
      </Center>
    </Box>
  );
}
