import { Button, Menu, VisuallyHidden } from '@chakra-ui/react';
import { changeLanguage } from '../../lib/auth.ts';
import { showError } from '../../lib/errors.tsx';
import { LANGUAGES, toAppLanguage, type AppLanguage } from '../../lib/language.ts';
import { useTexts } from '../../lib/texts.ts';
import { Icon } from './icons.tsx';

/** zh-CN (default) or en: stored on the server when signed in, in the culture cookie, and applied at once. */
export function LanguagePicker({
  compact = false,
  defaultOpen = false,
}: {
  compact?: boolean;
  /** Open at mount (the login page's click before the menu had loaded). */
  defaultOpen?: boolean;
}) {
  const { t, language } = useTexts();
  const current = toAppLanguage(language);
  return (
    // Not portalled: the open menu stays inside its landmark (banner, or the login page's main).
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => {
        if (d.value !== current) changeLanguage(d.value as AppLanguage).catch(showError);
      }}
    >
      <Menu.Trigger asChild>
        {/* Named "语言" plus the visible current language, so what is read contains what is shown. */}
        <Button variant="ghost" size="sm" color="gray.600" data-testid="language-picker" px={2}>
          <Icon name="language" />
          <VisuallyHidden>{t('shell.language')}</VisuallyHidden>
          {compact ? <VisuallyHidden>{t(`shell.languages.${current}`)}</VisuallyHidden> : t(`shell.languages.${current}`)}
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {LANGUAGES.map((lng) => (
            <Menu.Item key={lng} value={lng} data-testid={`language-${lng}`} fontWeight={lng === current ? 'semibold' : 'normal'}>
              {t(`shell.languages.${lng}`)}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
