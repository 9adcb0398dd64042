import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `@chakra-ui/react/dist/esm/<file>` -> the file itself. Chakra's package
 * exports hide its theme's parts; the login system (src/app/login-system.ts)
 * imports them one by one so the first load carries no unused recipe.
 */
const chakraRoot = path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json'));
export const chakraPartsAlias = { find: /^@chakra-ui\/react\/dist\/esm\/(.*)$/, replacement: `${chakraRoot}/dist/esm/$1` };
