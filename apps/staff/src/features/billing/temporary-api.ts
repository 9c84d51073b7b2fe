import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteStaffBillingTemporaryBooking,
  getStaffBillingTemporaryBookings,
  postStaffBillingTemporaryBooking,
} from '@renraku/contract/staff';
import type { BodyInputOf } from '@renraku/contract/client';
import { api } from '../../lib/api';
import { billingKey } from './api';

/** 一時預かり bookings of a month (billing-temporary-care.md), with the day's arrival and pick-up. */
export const temporaryBookingsQueryOptions = (facilityId: number, month: string) =>
  queryOptions({
    queryKey: [...billingKey(facilityId), 'temporary-bookings', month],
    queryFn: ({ signal }) => api(getStaffBillingTemporaryBookings, { params: { facilityId, month }, signal }),
  });
export const useTemporaryBookings = (facilityId: number, month: string) =>
  useQuery(temporaryBookingsQueryOptions(facilityId, month));

/** A booking made or cancelled: the uses and the drafts follow (every billing query is refetched). */
export function useTemporaryBookingWrites(facilityId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: billingKey(facilityId) });
  return {
    book: useMutation({
      mutationFn: (body: BodyInputOf<typeof postStaffBillingTemporaryBooking>) =>
        api(postStaffBillingTemporaryBooking, { params: { facilityId }, body }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (bookingId: number) => api(deleteStaffBillingTemporaryBooking, { params: { facilityId, bookingId } }),
      onSuccess,
    }),
  };
}
