import { Box, Card, Flex, Grid, GridItem, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import {
  ActivityIcon,
  BuildingIcon,
  DonutChart,
  formatDateUtc8,
  GlobeIcon,
  LineChart,
  LogInIcon,
  MessageIcon,
  ShieldIcon,
  StatCard,
  UserPlusIcon,
  UsersIcon,
} from '@edu/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useSession } from '../../lib/permissions.ts';
import { LocalizedUi, useApi } from '../../resources/index.ts';
import { useUnreadCount } from '../../lib/unread.ts';
import { alignTrends, contentTiles, HOME_DAYS, personName } from './home-stats.ts';

function Panel({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card.Root variant="outline" height="full">
      <Card.Header pb="0">
        <Flex justify="space-between" align="center">
          <Heading size="sm">{title}</Heading>
          {extra}
        </Flex>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function MiniStat({ label, value, icon, loading }: { label: string; value?: number; icon: ReactNode; loading: boolean }) {
  return (
    <Flex align="center" gap="3" p="3" borderRadius="md" bg="bg.subtle" data-testid="site-stat">
      <Flex color="brand.fg" fontSize="xl">
        {icon}
      </Flex>
      <Box minW="0">
        <Text fontSize="xs" color="fg.muted" truncate>
          {label}
        </Text>
        {loading ? (
          <Skeleton height="5" width="10" />
        ) : (
          <Text fontSize="lg" fontWeight="semibold">
            {value ?? 0}
          </Text>
        )}
      </Box>
    </Flex>
  );
}

/** 首页 (/main/home): the platform's figures, trends and distributions. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const home = useApi(api.session.getManageHomePage, { Days: HOME_DAYS });
  const site = useApi(api.session.getWebSiteStatistics, {});
  // The header bell reads the same hook (one SWR key), so the two always agree.
  const unread = useUnreadCount();
  const h = home.data;
  const s = site.data;
  const trends = alignTrends(h?.registrationTrend ?? [], h?.loginTrend ?? []);
  const user = session?.user;
  const displayName = user ? personName(user.surname, user.name) || user.userName : '';

  return (
    <LocalizedUi>
      <Flex direction="column" gap="4" data-testid="home-page">
        <Card.Root variant="outline">
          <Card.Body py="4">
            <Flex justify="space-between" align={{ base: 'start', md: 'center' }} gap="2" direction={{ base: 'column', md: 'row' }}>
              <Box>
                <Heading size="md">{t('home.welcome', { name: displayName })}</Heading>
                <Text color="fg.muted" mt="1">
                  {t('home.subtitle', { days: HOME_DAYS })}
                </Text>
              </Box>
              <Text color="fg.muted" fontSize="sm">
                {t('home.today')} {formatDateUtc8(new Date())}
              </Text>
            </Flex>
          </Card.Body>
        </Card.Root>

        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard
            label={t('home.cards.userCount')}
            value={h?.userCount}
            hint={h && `${t('home.cards.activeUserCount')} ${h.activeUserCount}`}
            icon={<UsersIcon />}
            loading={home.isLoading}
            data-testid="card-userCount"
          />
          <StatCard
            label={t('home.cards.newUserCount', { days: HOME_DAYS })}
            value={h?.newUserCount}
            icon={<UserPlusIcon />}
            colorPalette="teal"
            loading={home.isLoading}
            data-testid="card-newUserCount"
          />
          <StatCard
            label={t('home.cards.loggedInUserCount', { days: HOME_DAYS })}
            value={h?.loggedInUserCount}
            icon={<LogInIcon />}
            colorPalette="orange"
            loading={home.isLoading}
            data-testid="card-loggedInUserCount"
          />
          <StatCard
            label={t('home.cards.messageCount')}
            value={unread.data?.totalCount}
            hint={unread.data && t('siteMessage.unread.hint', { messages: unread.data.siteMessageCount, notices: unread.data.notificationCount })}
            icon={<MessageIcon />}
            colorPalette="purple"
            loading={unread.isLoading}
            data-testid="card-messageCount"
          />
        </SimpleGrid>

        <Panel title={t('home.content.title')}>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="home-content">
            {contentTiles(h?.content).map((c) => (
              <MiniStat
                key={c.key}
                label={c.pending === undefined ? t(c.labelKey) : `${t(c.labelKey)} · ${t('home.content.pending', { count: c.pending })}`}
                value={c.total}
                icon={<ActivityIcon />}
                loading={home.isLoading}
              />
            ))}
          </SimpleGrid>
        </Panel>

        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4">
          <GridItem minW="0">
            <Panel title={t('home.charts.trend')}>
              {home.isLoading ? (
                <Skeleton height="240px" />
              ) : (
                <LineChart
                  aria-label={t('home.charts.trend')}
                  labels={trends.labels}
                  series={[
                    { name: t('home.charts.registrations'), values: trends.first },
                    { name: t('home.charts.logins'), values: trends.second },
                  ]}
                  emptyText={t('home.charts.empty')}
                />
              )}
            </Panel>
          </GridItem>
          <GridItem minW="0">
            <Panel title={t('home.charts.usersByRole')}>
              {home.isLoading ? (
                <Skeleton height="180px" />
              ) : (
                <DonutChart
                  aria-label={t('home.charts.usersByRole')}
                  items={(h?.usersByRole ?? []).map((r) => ({ name: r.name, value: r.count }))}
                  centerLabel={t('home.charts.roleMembers')}
                  emptyText={t('home.charts.empty')}
                />
              )}
            </Panel>
          </GridItem>
        </Grid>

        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4">
          <GridItem minW="0">
            <Panel title={t('home.site')}>
              <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
                <MiniStat label={t('home.cards.tenantCount')} value={s?.tenantCount} icon={<BuildingIcon />} loading={site.isLoading} />
                <MiniStat label={t('home.cards.userCount')} value={s?.userCount} icon={<UsersIcon />} loading={site.isLoading} />
                <MiniStat label={t('home.cards.onlineUserCount')} value={s?.onlineUserCount} icon={<GlobeIcon />} loading={site.isLoading} />
                <MiniStat label={t('home.cards.todayRegistrations')} value={s?.todayRegistrations} icon={<UserPlusIcon />} loading={site.isLoading} />
                <MiniStat label={t('home.cards.todayLogins')} value={s?.todayLogins} icon={<ActivityIcon />} loading={site.isLoading} />
                <MiniStat label={t('home.cards.roleCount')} value={h?.roleCount} icon={<ShieldIcon />} loading={home.isLoading} />
              </SimpleGrid>
            </Panel>
          </GridItem>
          <GridItem minW="0">
            <Panel title={t('home.charts.identity')}>
              {home.isLoading ? (
                <Skeleton height="180px" />
              ) : (
                <DonutChart
                  aria-label={t('home.charts.identity')}
                  items={[
                    { name: t('admin.identity.1'), value: h?.memberCount ?? 0 },
                    { name: t('admin.identity.2'), value: h?.teacherCount ?? 0 },
                    { name: t('admin.identity.3'), value: h?.administratorCount ?? 0 },
                  ]}
                  centerLabel={t('home.cards.userCount')}
                  emptyText={t('home.charts.empty')}
                />
              )}
            </Panel>
          </GridItem>
        </Grid>
      </Flex>
    </LocalizedUi>
  );
}
