import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  billingChildAttributesInput,
  extensionPlanLabels,
  extensionPlans,
  needLabels,
  needs,
  sideDishExemptionLabels,
  sideDishExemptions,
  type StaffBillingChild,
} from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useSaveAttributes } from '../api';
import { MonthInput, YenInput } from './fields';

/** A child's billing attributes from a month on (spec §1), prefilled with the ones in force. */
export function AttributesForm({
  facilityId,
  child,
  month,
  billsFee,
  onDone,
  onCancel,
}: {
  facilityId: number;
  child: StaffBillingChild;
  month: string;
  billsFee: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const c = child.current;
  const [f, setF] = useState({
    valid_from: month,
    certification: String(c?.certification ?? 2),
    need: c?.need ?? 'standard',
    side_dish_exemption: c?.side_dish_exemption ?? '',
    exemption_note: c?.exemption_note ?? '',
    childcare_fee: (c?.childcare_fee ?? '') as number | string,
    extension_plan: c?.extension_plan ?? 'per_use',
    payer_user_id: String(c?.payer.id ?? child.payers[0]?.id ?? ''),
    older_siblings_outside: (c?.older_siblings_outside ?? 0) as number | string,
  });
  const { errors, failure, check, fail } = useCheckedForm(Object.keys(f));
  const save = useSaveAttributes(facilityId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...f,
      certification: Number(f.certification),
      side_dish_exemption: f.side_dish_exemption || null,
      childcare_fee: f.childcare_fee === '' ? null : Number(f.childcare_fee),
      payer_user_id: Number(f.payer_user_id),
      older_siblings_outside: f.older_siblings_outside === '' ? 0 : Number(f.older_siblings_outside),
    };
    const data = check(billingChildAttributesInput, body);
    if (data) save.mutate({ childId: child.id, body: data }, { onSuccess: onDone, onError: fail });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${child.name}の請求情報`} style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MonthInput value={f.valid_from} onChange={(valid_from) => setF({ ...f, valid_from })} error={errors.valid_from} />
          <Select
            label="認定区分"
            size="md"
            data={['1', '2', '3'].map((v) => ({ value: v, label: `${v}号認定` }))}
            value={f.certification}
            onChange={(v) => v && setF({ ...f, certification: v })}
            allowDeselect={false}
            error={errors.certification}
          />
          <Select
            label="保育必要量"
            size="md"
            data={needs.map((v) => ({ value: v, label: needLabels[v] }))}
            value={f.need}
            onChange={(v) => v && setF({ ...f, need: v as typeof f.need })}
            allowDeselect={false}
          />
          <Select
            label="延長保育の利用"
            size="md"
            data={extensionPlans.map((v) => ({ value: v, label: extensionPlanLabels[v] }))}
            value={f.extension_plan}
            onChange={(v) => v && setF({ ...f, extension_plan: v as typeof f.extension_plan })}
            allowDeselect={false}
          />
          <Select
            label="副食費の免除"
            size="md"
            data={[
              { value: '', label: 'なし' },
              ...sideDishExemptions.map((v) => ({ value: v, label: sideDishExemptionLabels[v] })),
            ]}
            value={f.side_dish_exemption}
            onChange={(v) => setF({ ...f, side_dish_exemption: (v ?? '') as typeof f.side_dish_exemption })}
            allowDeselect={false}
          />
          <TextInput
            label="免除の備考"
            size="md"
            value={f.exemption_note}
            onChange={(e) => setF({ ...f, exemption_note: e.currentTarget.value })}
            error={errors.exemption_note}
            disabled={!f.side_dish_exemption}
          />
          {billsFee && (
            <YenInput
              label="保育料（月額）"
              description="市町村の決定通知の金額"
              value={f.childcare_fee}
              onChange={(v) => setF({ ...f, childcare_fee: v })}
              error={errors.childcare_fee}
            />
          )}
          <Select
            label="支払者"
            size="md"
            data={child.payers.map((p) => ({ value: String(p.id), label: p.name }))}
            value={f.payer_user_id}
            onChange={(v) => v && setF({ ...f, payer_user_id: v })}
            allowDeselect={false}
            error={errors.payer_user_id}
          />
          <NumberInput
            label="園の外にいる兄姉の人数"
            description="兄弟姉妹割引で数える（届け出のあった人数）"
            size="md"
            min={0}
            max={9}
            allowDecimal={false}
            allowNegative={false}
            suffix="人"
            value={f.older_siblings_outside}
            onChange={(v) => setF({ ...f, older_siblings_outside: v })}
            error={errors.older_siblings_outside}
          />
        </SimpleGrid>
        <FormActions submit="保存" pending={save.isPending} onCancel={onCancel} size="md" />
      </Stack>
    </form>
  );
}
