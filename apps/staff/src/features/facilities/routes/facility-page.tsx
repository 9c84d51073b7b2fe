import { NativeSelect, Stack, Tabs } from '@mantine/core';
import { useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useFacilityProfile } from '../api';
import { BannersSection } from '../components/banners-section';
import { ClosedDaysSection } from '../components/closed-days-section';
import { FunctionsForm } from '../components/functions-form';
import { ProfileForm } from '../components/profile-form';
import { PromotionSection } from '../components/promotion-section';

const tabs = [
  { value: 'profile', label: '基本情報' },
  { value: 'functions', label: '利用する機能' },
  { value: 'closed-days', label: '休園日' },
  { value: 'banners', label: 'バナー' },
  { value: 'promotion', label: '進級' },
] as const;
type Tab = (typeof tabs)[number]['value'];

/**
 * 施設設定 (staff.md §3, desktop first; usable on the class tablet): the profile, the guardians'
 * functions, closed days, the facility's banners and 進級. The tab lives in the URL (`?tab=`), so a
 * reload or a shared link opens the same section.
 */
export function FacilityPage() {
  const facility = useFacility();
  const currentYear = fiscalYearOf(todayInTokyo());
  const [search, setSearch] = useSearchParams();
  const tab: Tab = tabs.find((t) => t.value === search.get('tab'))?.value ?? 'profile';
  const profile = useFacilityProfile(facility.id, currentYear);

  return (
    <Page title="施設設定">
      {/* Validation texts in a red dark enough for 4.5:1 on the app's background (Mantine's default red is not). */}
      <div style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}>
        <Tabs
          value={tab}
          onChange={(value) => setSearch(value && value !== 'profile' ? { tab: value } : {}, { replace: true })}
          keepMounted={false}
          styles={{ tab: { minHeight: 44, fontSize: 'var(--mantine-font-size-md)' } }}
        >
          <Tabs.List mb="lg">
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {profile.isPending ? (
            <Loading />
          ) : profile.error ? (
            <FormError error={profile.error} />
          ) : (
            <>
              <Tabs.Panel value="profile">
                <ProfileForm key={profile.data.id} profile={profile.data} />
              </Tabs.Panel>
              <Tabs.Panel value="functions">
                <FunctionsForm facilityId={facility.id} functions={profile.data.functions} />
              </Tabs.Panel>
              <Tabs.Panel value="closed-days">
                <ClosedDaysTab facilityId={facility.id} currentYear={currentYear} />
              </Tabs.Panel>
              <Tabs.Panel value="banners">
                <BannersSection facilityId={facility.id} />
              </Tabs.Panel>
              <Tabs.Panel value="promotion">
                <PromotionSection facilityId={facility.id} currentYear={currentYear} />
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      </div>
    </Page>
  );
}

/** 休園日 of a chosen 年度 (this one by default). */
function ClosedDaysTab({ facilityId, currentYear }: { facilityId: number; currentYear: number }) {
  const [year, setYear] = useState(currentYear);
  const profile = useFacilityProfile(facilityId, year);
  return (
    <Stack gap="md">
      <NativeSelect
        label="年度"
        size="md"
        w={200}
        value={String(year)}
        onChange={(e) => setYear(Number(e.currentTarget.value))}
        data={[currentYear - 1, currentYear, currentYear + 1].map((y) => ({
          value: String(y),
          label: `${y}年度`,
        }))}
      />
      {profile.isPending ? (
        <Loading />
      ) : profile.error ? (
        <FormError error={profile.error} />
      ) : (
        <ClosedDaysSection profile={profile.data} />
      )}
    </Stack>
  );
}
