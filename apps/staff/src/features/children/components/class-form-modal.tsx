import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { classBody, type StaffClass } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { useCreateClass, useUpdateClass } from '../api';
import { validate, type FieldErrors } from '../../../lib/validate';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { ageBandFromValue, ageBandOptions, ageBandValue, fiscalYearLabel } from '../labels';

const FIELDS = ['name', 'fiscal_year', 'age_band'] as const;

/**
 * 「クラスを追加」 (name, 年度, 年齢) or a class's edit (name, 年齢: a class stays in its 年度).
 * Mounted while open, so that each opening starts from the class's values.
 */
export function ClassFormModal({
  facilityId,
  editing,
  defaultYear,
  currentYear,
  onClose,
  onSaved,
}: {
  facilityId: number;
  /** The class to edit, or null to add one. */
  editing: StaffClass | null;
  defaultYear: number;
  currentYear: number;
  onClose: () => void;
  /** After a save: the list shows the class's 年度 (a class added for next year would seem to vanish). */
  onSaved?: (klass: StaffClass) => void;
}) {
  const create = useCreateClass(facilityId);
  const update = useUpdateClass(facilityId);
  const mutation = editing ? update : create;
  const [name, setName] = useState(editing?.name ?? '');
  const [year, setYear] = useState(String(editing?.fiscal_year ?? defaultYear));
  const [ageBand, setAgeBand] = useState<string | null>(editing ? ageBandValue(editing.age_band) : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = serverFieldErrors(mutation.error, FIELDS);
  const yearOptions = [currentYear - 1, currentYear, currentYear + 1, defaultYear]
    .filter((y, i, all) => all.indexOf(y) === i)
    .sort()
    .map((y) => ({ value: String(y), label: fiscalYearLabel(y) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(classBody, { name, fiscal_year: year, age_band: ageBandFromValue(ageBand) });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const { fiscal_year, ...rest } = checked.data;
    const done = (klass: StaffClass) => {
      showSuccess(
        editing
          ? `${klass.name}を更新しました`
          : klass.fiscal_year === defaultYear
            ? `${klass.name}を追加しました`
            : `${fiscalYearLabel(klass.fiscal_year)}の${klass.name}を追加しました。${fiscalYearLabel(klass.fiscal_year)}のクラスを表示しています`,
      );
      onSaved?.(klass);
      onClose();
    };
    if (editing) update.mutate({ classId: editing.id, body: rest }, { onSuccess: done });
    else create.mutate({ ...rest, fiscal_year }, { onSuccess: done });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? 'クラスを編集' : 'クラスを追加'}
      closeButtonProps={{ 'aria-label': '閉じる' }}
    >
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="md">
          <FormError error={server.rest} />
          <TextInput
            label="クラス名"
            description="例: ひよこ組"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name ?? server.fields.name}
            maxLength={30}
            required
            data-autofocus
          />
          {editing ? (
            <Text size="sm">年度: {fiscalYearLabel(editing.fiscal_year)}</Text>
          ) : (
            <Select
              label="年度"
              data={yearOptions}
              value={year}
              onChange={(value) => value && setYear(value)}
              allowDeselect={false}
              error={errors.fiscal_year ?? server.fields.fiscal_year}
              required
            />
          )}
          <Select
            label="年齢"
            placeholder="選択してください"
            description="異年齢のクラスは「異年齢」を選びます"
            data={ageBandOptions}
            value={ageBand}
            onChange={setAgeBand}
            error={errors.age_band ?? server.fields.age_band}
          />
          <FormActions submit={editing ? '保存する' : '追加する'} pending={mutation.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
