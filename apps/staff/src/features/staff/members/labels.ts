import type { StaffMember } from '@renraku/contract/staff';
import { memberRoles, staffRoleLabels } from '@renraku/contract/staff';

export const memberStatusLabels: Record<StaffMember['status'], string> = {
  current: '在籍中',
  upcoming: '所属開始前',
  ended: '所属終了',
};

/** The roles a facility gives (a company admin is the company's). */
export const roleOptions = memberRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }));

export const memberName = (member: Pick<StaffMember, 'name' | 'email'>) => member.name ?? member.email;
