import { useLingui } from '@lingui/react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { CalendarIcon, ClockIcon, UsersIcon } from '../../../components/Icons';
import { trpc } from '../../../trpc';

/** The dashboard's figures (API.md: `GET /api/stats`). */
export interface Stats {
  activeSignups: number;
  totalVolunteers: number;
  monthlyHours: number;
  fillRate: number;
}

export interface StatTilesViewProps {
  /** The figures; a missing one shows 0. */
  stats?: Partial<Stats> | null;
  loading?: boolean;
}

function PercentIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M19 5L5 19M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />
    </svg>
  );
}

function StatTile({
  label,
  value,
  icon,
  loading,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  loading: boolean;
}) {
  return (
    <Card withBorder padding="lg" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={32} width={64} mt={6} />
          ) : (
            <Text fz={28} fw={700} lh={1.2} mt={4}>
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const number = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The four figures: a skeleton each while loading, 0 for any that is missing. */
export function StatTilesView({ stats, loading = false }: StatTilesViewProps) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
      <StatTile
        label={i18n._('Active Signups')}
        value={String(number(stats?.activeSignups))}
        icon={<CalendarIcon />}
        loading={loading}
      />
      <StatTile
        label={i18n._('Total Volunteers')}
        value={String(number(stats?.totalVolunteers))}
        icon={<UsersIcon />}
        loading={loading}
      />
      <StatTile
        label={i18n._('Hours This Month')}
        value={String(number(stats?.monthlyHours))}
        icon={<ClockIcon />}
        loading={loading}
      />
      <StatTile
        label={i18n._('Fill Rate')}
        value={i18n._(
          '{rate}%',
          { rate: number(stats?.fillRate) },
          { comment: 'A percentage: the fill rate of the slots' },
        )}
        icon={<PercentIcon />}
        loading={loading}
      />
    </SimpleGrid>
  );
}

/** Active Signups, Total Volunteers, Hours This Month and Fill Rate, from `stats.get`. */
export function StatTiles() {
  const stats = trpc.stats.get.useQuery();
  return <StatTilesView stats={stats.data} loading={stats.isPending} />;
}
