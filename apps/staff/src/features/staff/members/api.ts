import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@renraku/contract/client';
import {
  deleteStaffMember,
  deleteStaffUserPin,
  getStaffMembers,
  postStaffMember,
  putStaffMember,
  putStaffMemberChief,
} from '@renraku/contract/staff';
import { api } from '../../../lib/api';
import { facilityClassesQueryOptions } from '../../../lib/classes';

export const membersQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: ['staff', 'members', facilityId],
    queryFn: ({ signal }) => api(getStaffMembers, { params: { facilityId }, signal }),
  });

/** The facility's staff memberships, current first, ended ones last. */
export function useMembers(facilityId: number) {
  return useQuery(membersQueryOptions(facilityId));
}

/** This 年度's classes: a 保育士 is assigned to some of them. */
export function useClassesForMembers(facilityId: number) {
  return useQuery(facilityClassesQueryOptions(facilityId));
}

function useMembersMutation<V, R>(facilityId: number, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(facilityId).queryKey }),
  });
}

/** Invites a person by email (a mail through the outbox; a new ID sets its password from the link). */
export function useInviteMember(facilityId: number) {
  return useMembersMutation(facilityId, (body: BodyInputOf<typeof postStaffMember>) =>
    api(postStaffMember, { params: { facilityId }, body }),
  );
}

export function useUpdateMember(facilityId: number) {
  return useMembersMutation(
    facilityId,
    ({ membershipId, body }: { membershipId: number; body: BodyInputOf<typeof putStaffMember> }) =>
      api(putStaffMember, { params: { membershipId }, body }),
  );
}

/** 主任: the 園長 marks a 保育士 or clears the mark (audited on the server). */
export function useSetChief(facilityId: number) {
  return useMembersMutation(facilityId, ({ membershipId, isChief }: { membershipId: number; isChief: boolean }) =>
    api(putStaffMemberChief, { params: { membershipId }, body: { is_chief: isChief } }),
  );
}

/** Ends a membership as of yesterday: it grants nothing from today. */
export function useEndMember(facilityId: number) {
  return useMembersMutation(facilityId, (membershipId: number) => api(deleteStaffMember, { params: { membershipId } }));
}

/** Resets a staff member's PIN (they set a new one on the desktop); their tablet sessions end. */
export function useResetPin(facilityId: number) {
  return useMembersMutation(facilityId, (userId: number) => api(deleteStaffUserPin, { params: { facilityId, userId } }));
}
