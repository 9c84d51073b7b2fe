import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useCurrentFacility } from '../../lib/facility';
import { lastFacilityId } from '../../lib/last-facility';
import { useLockDevice } from '../../lib/session-actions';
import type { StaffMe } from '../../lib/staff-session';
import { useIdle } from '../../lib/use-idle';
import { FacilitySwitcher } from './facility-switcher';
import { SessionButton } from './session-button';
import { ShellNav } from './shell-nav';

/** A tablet returns to the PIN pad after 5 idle minutes (staff.md §1). */
export const DEVICE_IDLE_MS = 5 * 60 * 1000;

/** Mantine's lg (1200 px): the desktop (1366) keeps the menu open, tablets (1024, 768) fold it. */
const MENU_BREAKPOINT = 'lg';

/**
 * The signed-in frame: the header (facility switcher, the person's name, ログアウト or, on a
 * tablet, ロック), the menu by role, and the screen. Below 1200 px (both class-tablet sizes, where a
 * 220-px column took 21–29 % of the width) the menu folds behind a button and opens over the screen.
 */
export function Shell({ me, children }: { me: StaffMe; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const urlFacility = useCurrentFacility();
  // Screens outside a facility (settings) keep the menu of the facility worked in last.
  const facility =
    urlFacility ?? me.facilities.find((f) => f.id === (me.device?.facility_id ?? lastFacilityId())) ?? me.facilities[0] ?? null;
  const lock = useLockDevice();
  useIdle(DEVICE_IDLE_MS, () => void lock(), !!me.device);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 220, breakpoint: MENU_BREAKPOINT, collapsed: { mobile: !opened } }}>
      <a className="skip-link" href="#main">
        本文へ移動
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={MENU_BREAKPOINT}
              aria-label={opened ? 'メニューを閉じる' : 'メニューを開く'}
            />
            <Text fw={700} c="brand.8" visibleFrom="md">
              れんらくノート
            </Text>
            <FacilitySwitcher facilities={me.facilities} current={facility} locked={!!me.device} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text fw={500} truncate="end" maw={200} data-testid="staff-name">
              {me.user.name ?? me.user.email}
            </Text>
            <SessionButton onDevice={!!me.device} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* A director's menu is taller than a 768-px screen: the menu scrolls on its own. */}
      <AppShell.Navbar
        p="sm"
        component="nav"
        aria-label="メインメニュー"
        className="staff-navbar"
        data-open={opened || undefined}
        style={{ overflowY: 'auto' }}
      >
        <ShellNav facility={facility} onDevice={!!me.device} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
