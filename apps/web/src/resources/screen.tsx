import { Box, type BoxProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { ListInUrl } from './list-state.tsx';
import { ResourcePage, type ResourcePageProps } from './resource-page.tsx';
import type { AnyResource } from './types.ts';

/** The white card a screen sits on inside the shell. */
export function ScreenCard(props: BoxProps) {
  return <Box bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '3', md: '5' }} minW="0" {...props} />;
}

/**
 * The whole screen of a route that is one resource list: `export default
 * resourceScreen(friendLinkResource)` in `features/<group>/<child>-page.tsx`.
 * The shell already shows the route's title as the page's h1, so the list's own title is left out;
 * the list's state (page, filters, sorting, tab) is kept in the route's URL.
 */
export function resourceScreen(resource: AnyResource, props: Omit<ResourcePageProps, 'resource'> = {}): ComponentType {
  function Screen() {
    return (
      <ScreenCard>
        <ListInUrl>
          <ResourcePage resource={resource} showTitle={false} {...props} />
        </ListInUrl>
      </ScreenCard>
    );
  }
  Screen.displayName = `Screen(${resource.name}${resource.variantKey ? `:${resource.variantKey}` : ''})`;
  return Screen;
}
