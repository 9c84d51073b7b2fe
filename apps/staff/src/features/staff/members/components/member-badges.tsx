import { Badge, Stack } from '@mantine/core';
import type { StaffMember } from '@renraku/contract/staff';
import { memberStatusLabels } from '../labels';

const statusColors: Record<StaffMember['status'], string> = { current: 'teal.9', upcoming: 'blue.8', ended: 'gray.7' };

export function MemberStatusBadge({ status }: { status: StaffMember['status'] }) {
  return (
    <Badge color={statusColors[status]} variant="filled" radius="sm" size="lg" miw="max-content">
      {memberStatusLabels[status]}
    </Badge>
  );
}

function Flag({ on, label, offLabel }: { on: boolean; label: string; offLabel: string }) {
  return (
    <Badge color={on ? 'teal.9' : 'gray.7'} variant={on ? 'filled' : 'outline'} radius="sm" miw="max-content">
      {on ? label : offLabel}
    </Badge>
  );
}

/** Whether the person has set a password (accepted the invitation), a PIN and 2FA. */
export function MemberSecurityBadges({ member }: { member: StaffMember }) {
  return (
    <Stack gap={4} align="flex-start">
      <Flag on={member.has_password} label="パスワード設定済" offLabel="パスワード未設定" />
      <Flag on={member.pin_set} label="PIN設定済" offLabel="PIN未設定" />
      <Flag on={member.totp_enabled} label="2段階認証 有効" offLabel="2段階認証 未設定" />
    </Stack>
  );
}

/** 主任 (a 保育士 the 園長 marked): approves plans and records, edits shifts and 打刻. */
export function ChiefBadge() {
  return (
    <Badge color="grape.9" variant="filled" radius="sm" miw="max-content" data-testid="chief-badge">
      主任
    </Badge>
  );
}
