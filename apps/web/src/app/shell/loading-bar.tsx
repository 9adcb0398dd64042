import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { useLocation, useNavigation } from 'react-router-dom';

/**
 * The navigation loading indicator (spec section 2): starts with every
 * navigation (and stays while a route chunk or guard is pending), then finishes.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const location = useLocation();
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<number[]>([]);
  const busy = navigation.state !== 'idle';

  const clear = () => {
    for (const t of timers.current) window.clearTimeout(t);
    timers.current = [];
  };

  useEffect(() => {
    clear();
    // Every state change runs from a timer: the bar animates after the navigation state renders.
    timers.current.push(
      window.setTimeout(() => {
        setVisible(true);
        setProgress(busy ? 20 : 100);
      }, 0),
    );
    if (busy) {
      timers.current.push(window.setTimeout(() => setProgress(70), 150));
    } else {
      timers.current.push(window.setTimeout(() => setVisible(false), 300));
      timers.current.push(window.setTimeout(() => setProgress(0), 500));
    }
    return clear;
  }, [busy, location.key]);

  return (
    // Decorative: assistive technology learns that the page arrived when focus moves to its title.
    <Box
      aria-hidden
      data-testid="loading-bar"
      data-state={visible ? 'loading' : 'idle'}
      // The address the shell has rendered (its route's code loaded): what a test waits on after navigating in the app.
      data-location={location.pathname + location.search}
      position="fixed"
      top={0}
      left={0}
      height="2px"
      zIndex={2000}
      bg="blue.500"
      pointerEvents="none"
      transition="width 0.3s ease, opacity 0.3s ease"
      style={{ width: `${progress}%`, opacity: visible ? 1 : 0 }}
    />
  );
}
