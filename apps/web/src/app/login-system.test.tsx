import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Router from 'react-router-dom';
import { system, UiBaseProvider } from '@edu/ui';
import { ErrorModalHost, showError } from '../lib/errors.tsx';
import LoginPage from '../pages/login-page.tsx';
import { BootFallback } from './boot-fallback.tsx';
import { loginSystem } from './login-system.ts';
import { RouteError } from './route-error.tsx';

vi.mock('react-router-dom', async (importOriginal) => ({
  ...(await importOriginal<typeof Router>()),
  useRouteError: () => new Error('boom'),
}));

describe('the login system', () => {
  it('has the full system’s tokens and global CSS', () => {
    expect(loginSystem.getTokenCss()).toEqual(system.getTokenCss());
    expect(loginSystem.getGlobalCss()).toEqual(system.getGlobalCss());
    expect(loginSystem.getPreflightCss()).toEqual(system.getPreflightCss());
  });

  it('has a recipe for everything the login route renders', async () => {
    const asked = new Set<string>();
    const recipe = vi.spyOn(loginSystem, 'getRecipeFn');
    const slot = vi.spyOn(loginSystem, 'getSlotRecipeFn');
    render(
      <UiBaseProvider system={loginSystem}>
        <BootFallback />
        <RouteError />
        <LoginPage />
        <ErrorModalHost />
      </UiBaseProvider>,
    );
    fireEvent.click(screen.getByTestId('tenant-change'));
    await screen.findByTestId('tenant-dialog', {}, { timeout: 15_000 });
    showError(new Error('x'));
    await screen.findByTestId('error-modal', {}, { timeout: 15_000 });
    fireEvent.pointerEnter(screen.getByTestId('language-picker'));
    fireEvent.click(await screen.findByTestId('language-picker'));
    for (const [key] of recipe.mock.calls) asked.add(`recipe ${key}`);
    for (const [key] of slot.mock.calls) asked.add(`slot ${key}`);
    // A key the full system styles but the login system does not (Text asks for `text`, which neither has).
    const missing = [...asked].filter((k) => {
      const [kind, key] = k.split(' ') as [string, string];
      return kind === 'recipe' ? system.isRecipe(key) && !loginSystem.isRecipe(key) : system.isSlotRecipe(key) && !loginSystem.isSlotRecipe(key);
    });
    expect(asked.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
