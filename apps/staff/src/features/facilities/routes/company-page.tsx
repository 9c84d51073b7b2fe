import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useParams } from 'react-router';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { dayLabel } from '@renraku/ui/dates';
import { idFrom } from '@renraku/ui';
import { useStaffMe } from '../../../lib/staff-session';
import { useCompanyRollup } from '../company-api';
import { FacilityFormModal } from '../components/facility-form-modal';
import { RollupTable } from '../components/rollup-table';

/**
 * `/staff/company/:companyId` (staff.md §1): the company admin's roll-up of every facility of the
 * company, and 「施設を追加」. Anyone else is told the screen does not exist (the server says 404/403).
 */
export function CompanyPage() {
  const companyId = idFrom(useParams().companyId);
  const { data: me } = useStaffMe();
  const isAdmin = !!companyId && !!me?.facilities.some((f) => f.company_id === companyId && f.role === 'company_admin');
  return isAdmin ? <CompanyRollup companyId={companyId} /> : <NotFound />;
}

function CompanyRollup({ companyId }: { companyId: number }) {
  const rollup = useCompanyRollup(companyId);
  const [adding, { open, close }] = useDisclosure(false);
  return (
    <Page
      title="法人の施設"
      size="xl"
      actions={
        <Button size="md" onClick={open}>
          施設を追加
        </Button>
      }
    >
      {rollup.isPending ? (
        <Loading />
      ) : rollup.error ? (
        <FormError error={rollup.error} />
      ) : (
        <>
          <Text>
            {rollup.data.company.name}・{dayLabel(rollup.data.today)}現在（{rollup.data.fiscal_year}年度のクラス）
          </Text>
          <RollupTable facilities={rollup.data.facilities} />
        </>
      )}
      <FacilityFormModal companyId={companyId} opened={adding} onClose={close} />
    </Page>
  );
}
