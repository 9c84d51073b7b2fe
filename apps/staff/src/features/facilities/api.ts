import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@renraku/contract/client';
import {
  deleteStaffBanner,
  deleteStaffClosedDay,
  deleteStaffManualBanner,
  getStaffManualBanner,
  putStaffManualBanner,
  getStaffFacility,
  getStaffFacilityBanners,
  postStaffClosedDay,
  postStaffFacilityBanner,
  postStaffPromotion,
  postStaffPromotionPreview,
  putStaffFacility,
  putStaffFacilityFunctions,
  type FacilityFunctions,
} from '@renraku/contract/staff';
import { api } from '../../lib/api';
import { staffMeQueryOptions } from '../../lib/staff-session';
import { classesKey, facilityClassesQueryOptions } from '../../lib/classes';

/** The facility's setup: profile, functions and the closed days of one 年度 (every member may read). */
export const facilityQueryOptions = (facilityId: number, fiscalYear: number) =>
  queryOptions({
    queryKey: ['staff', 'facility', facilityId, fiscalYear],
    queryFn: () => api(getStaffFacility, { params: { facilityId }, query: { fiscal_year: fiscalYear } }),
  });
export const useFacilityProfile = (facilityId: number, fiscalYear: number) =>
  useQuery(facilityQueryOptions(facilityId, fiscalYear));

/** Every 年度's answer of the facility, for invalidation after a write. */
const facilityKey = (facilityId: number) => ['staff', 'facility', facilityId];

export function useSaveProfile(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof putStaffFacility>) => api(putStaffFacility, { params: { facilityId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: facilityKey(facilityId) });
      // The facility switcher shows the name.
      await queryClient.invalidateQueries({ queryKey: staffMeQueryOptions().queryKey });
    },
  });
}

export function useSaveFunctions(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<FacilityFunctions>) => api(putStaffFacilityFunctions, { params: { facilityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilityKey(facilityId) }),
  });
}

export function useAddClosedDay(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; name: string }) => api(postStaffClosedDay, { params: { facilityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilityKey(facilityId) }),
  });
}

export function useDeleteClosedDay(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closedDayId: number) => api(deleteStaffClosedDay, { params: { closedDayId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facilityKey(facilityId) }),
  });
}

export const bannersQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: ['staff', 'facility-banners', facilityId],
    queryFn: () => api(getStaffFacilityBanners, { params: { facilityId } }),
  });
export const useFacilityBanners = (facilityId: number) => useQuery(bannersQueryOptions(facilityId));

export function useAddBanner(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof postStaffFacilityBanner>) =>
      api(postStaffFacilityBanner, { params: { facilityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryOptions(facilityId).queryKey }),
  });
}

export function useDeleteBanner(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bannerId: number) => api(deleteStaffBanner, { params: { bannerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryOptions(facilityId).queryKey }),
  });
}

/** The classes of a 年度 (the 進級 mapping's both sides). */
export const classesQueryOptions = (facilityId: number, fiscalYear: number) =>
  facilityClassesQueryOptions(facilityId, fiscalYear);
export const useClassesOfYear = (facilityId: number, fiscalYear: number) => useQuery(classesQueryOptions(facilityId, fiscalYear));

export type PromotionBody = BodyInputOf<typeof postStaffPromotion>;

export const usePromotionPreview = (facilityId: number) =>
  useMutation({ mutationFn: (body: PromotionBody) => api(postStaffPromotionPreview, { params: { facilityId }, body }) });

export function usePromote(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionBody) => api(postStaffPromotion, { params: { facilityId }, body }),
    // Class sizes changed on both sides (the roster's screens read the same calls).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKey(facilityId) }),
  });
}

/** The facility's own manual banner (null: its guardians see the operator's). */
export const manualBannerQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: ['staff', 'manual-banner', facilityId],
    queryFn: () => api(getStaffManualBanner, { params: { facilityId } }),
  });
export const useManualBanner = (facilityId: number) => useQuery(manualBannerQueryOptions(facilityId));

export function useSaveManualBanner(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; url: string }) => api(putStaffManualBanner, { params: { facilityId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(manualBannerQueryOptions(facilityId).queryKey, saved),
  });
}

export function useDeleteManualBanner(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(deleteStaffManualBanner, { params: { facilityId } }),
    onSuccess: () => queryClient.setQueryData(manualBannerQueryOptions(facilityId).queryKey, { data: null }),
  });
}
