import { Button, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { facilityPath } from '../../../lib/facility';

/** The billing screens' own tabs: the month, the fee rules, the children's attributes, the collection, the 振込 credits. */
export function BillingNav({ facilityId }: { facilityId: number }) {
  const links = [
    { to: facilityPath(facilityId, 'billing'), label: '月次締め', end: true },
    { to: facilityPath(facilityId, 'billing/settings'), label: '料金設定', end: false },
    { to: facilityPath(facilityId, 'billing/children'), label: '園児の請求情報', end: false },
    { to: facilityPath(facilityId, 'billing/temporary'), label: '一時預かり', end: false },
    { to: facilityPath(facilityId, 'billing/collection'), label: '集金・口座振替', end: false },
    { to: facilityPath(facilityId, 'billing/transfers'), label: '振込入金', end: false },
  ];
  return (
    <Group gap="xs" component="nav" aria-label="請求のメニュー">
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.end} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <Button
              component="span"
              size="md"
              variant={isActive ? 'filled' : 'default'}
              aria-current={isActive ? 'page' : undefined}
            >
              {l.label}
            </Button>
          )}
        </NavLink>
      ))}
    </Group>
  );
}
