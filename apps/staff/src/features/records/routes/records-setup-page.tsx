import { useState } from 'react';
import { Paper, Select, Stack, Title } from '@mantine/core';
import { Loading } from '@renraku/ui/loading';
import { FormError } from '../../../components/form-error';
import { Page } from '../../../components/page';
import { useFacility } from '../../../lib/facility';
import { RolloverPanel } from '../components/rollover-panel';
import { TemplateEditor } from '../components/template-editor';
import { useRecordTemplates } from '../setup-api';

/**
 * `/f/:facilityId/records/setup`: the 園長's and 法人管理者's desktop screen of the facility's plans
 * and records (records.md §2, §7): each kind's template, and the fiscal-year rollover.
 */
export function RecordsSetupPage() {
  const facility = useFacility();
  const templates = useRecordTemplates(facility.id);
  const [kind, setKind] = useState('monthly_plan');
  const entry = templates.data?.templates.find((e) => e.kind === kind);
  return (
    <Page title="計画・記録の様式と年度更新">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="templates-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="templates-title">
            様式
          </Title>
          {templates.isPending ? (
            <Loading />
          ) : templates.error ? (
            <FormError error={templates.error} />
          ) : (
            <>
              <Select
                label="様式の種類"
                data={templates.data.templates.map((e) => ({ value: e.kind, label: e.label }))}
                value={kind}
                allowDeselect={false}
                onChange={(v) => v && setKind(v)}
                maw={320}
              />
              {entry && <TemplateEditor key={`${entry.kind}:${entry.version}`} facilityId={facility.id} entry={entry} />}
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rollover-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="rollover-title">
            年度更新（全体的な計画・年間指導計画）
          </Title>
          <RolloverPanel facilityId={facility.id} />
        </Stack>
      </Paper>
    </Page>
  );
}
