import { UiProvider } from '@edu/ui';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { appGroups } from '../../navigation.ts';
import { isBuilt } from '../nav-logic.ts';
import { initShell, onNavigated } from '../shell-store.ts';
import { TabsBar } from './tabs-bar.tsx';

describe('the tab bar with many tabs open', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('zh-CN');
    initShell({ currentRouteName: null, tabsKey: null, windowWidth: 1280 });
  });

  it('keeps home outside the scrolling strip and lists every open tab in its menu', async () => {
    const pages = appGroups.flatMap((g) => g.children.filter(isBuilt)).filter((p) => p.name !== 'home_index');
    expect(pages.length).toBeGreaterThan(8);
    for (const p of pages) onNavigated(p.name, p.path);
    render(
      <UiProvider toaster={false}>
        <MemoryRouter>
          <TabsBar />
        </MemoryRouter>
      </UiProvider>,
    );
    const strip = screen.getByTestId('tabs-strip');
    const home = screen.getByTestId('tab-home_index');
    // Home never scrolls away with the other tabs.
    expect(strip.contains(home)).toBe(false);
    expect(within(strip).getByTestId(`tab-${pages[0]!.name}`)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByTestId('tabs-actions'));
    });
    expect(await screen.findByTestId('tabs-open-home_index')).toHaveTextContent('首页');
    for (const p of pages) expect(screen.getByTestId(`tabs-open-${p.name}`)).toBeInTheDocument();
  });
});
