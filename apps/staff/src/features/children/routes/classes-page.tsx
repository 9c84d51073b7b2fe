import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import type { StaffClass } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { useClasses } from '../api';
import { ClassFormModal } from '../components/class-form-modal';
import { ClassTable } from '../components/class-table';
import { FiscalYearSwitcher } from '../components/fiscal-year-switcher';

/** `?year=2026`, else null. */
function yearFrom(value: string | null): number | null {
  const year = Number(value);
  return value && Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null;
}

/**
 * `/staff/f/:facilityId/classes` (staff.md §3): the classes of a 年度 (the current one unless the
 * URL says `?year=`), with their age band, staff and children; directors add and edit them.
 */
export function ClassesPage() {
  const facility = useFacility();
  const canEdit = roleAbilities(facility.role).setup;
  const [params, setParams] = useSearchParams();
  const currentYear = fiscalYearOf(todayInTokyo());
  const year = yearFrom(params.get('year')) ?? currentYear;
  const classes = useClasses(facility.id, year);
  // undefined: closed; null: adding; a class: editing it.
  const [editing, setEditing] = useState<StaffClass | null | undefined>(undefined);

  const changeYear = (next: number) =>
    setParams(next === currentYear ? {} : { year: String(next) }, { replace: true, preventScrollReset: true });

  return (
    <Page title="クラス" actions={canEdit && <Button onClick={() => setEditing(null)}>クラスを追加</Button>}>
      <FiscalYearSwitcher year={year} currentYear={currentYear} onChange={changeYear} />
      {classes.isPending ? (
        <Loading />
      ) : classes.error ? (
        <FormError error={classes.error} />
      ) : classes.data.length === 0 ? (
        <Text py="lg" ta="center">
          この年度のクラスはまだありません。{canEdit && '「クラスを追加」から登録してください。'}
        </Text>
      ) : (
        <ClassTable classes={classes.data} onEdit={canEdit ? setEditing : null} />
      )}
      {editing !== undefined && (
        <ClassFormModal
          facilityId={facility.id}
          editing={editing}
          defaultYear={year}
          currentYear={currentYear}
          onClose={() => setEditing(undefined)}
          onSaved={(klass) => klass.fiscal_year !== year && changeYear(klass.fiscal_year)}
        />
      )}
    </Page>
  );
}
