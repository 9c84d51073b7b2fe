import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { Page } from '../../../components/page';
import { facilityPath, useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { useImportChildren, useImportPreview } from '../api';
import { CsvFormatHelp } from '../components/csv-format-help';
import { ImportPreviewTable } from '../components/import-preview-table';
import { CSV_MAX_BYTES, fileToBase64 } from '../csv-files';
import { readableErrors } from '../../../lib/form-errors';

const encodingLabels = { 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' } as const;

/**
 * `/staff/f/:facilityId/children/import` (staff.md §3): a roster CSV is read in the browser, checked
 * by the server row by row (nothing written), and imported all or nothing once every row is valid.
 */
export function ImportPage() {
  const facility = useFacility();
  const rosterPath = facilityPath(facility.id, 'children');
  const preview = useImportPreview(facility.id);
  const importing = useImportChildren(facility.id);
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setContent(null);
    setFileError(null);
    setOnlyErrors(false);
    preview.reset();
    importing.reset();
    if (!chosen) return;
    if (chosen.size > CSV_MAX_BYTES) return setFileError('ファイルが大きすぎます（700KBまで）');
    const base64 = await fileToBase64(chosen);
    setContent(base64);
    preview.mutate(base64);
  };

  if (!roleAbilities(facility.role).rosterWrite) {
    return (
      <Page title="園児の一括登録（CSV）">
        <Text>この画面は園長・事務・法人管理者のみ利用できます。</Text>
      </Page>
    );
  }

  const result = preview.data;
  const badRows = result?.rows.filter((row) => row.errors.length > 0) ?? [];
  return (
    <Page title="園児の一括登録（CSV）" size="xl">
      <Anchor component={Link} to={rosterPath}>
        ‹ 園児一覧へ戻る
      </Anchor>
      <CsvFormatHelp />
      {importing.data ? (
        // No Alert title: Mantine draws it in teal.6, below 4.5:1 on the light teal.
        <Alert color="teal" variant="light" role="status">
          <Stack gap="xs">
            <Text fw={700}>取り込みが完了しました</Text>
            <Text data-testid="import-result">{importing.data.created}人の園児を登録しました。</Text>
            <Group gap="md">
              <Anchor component={Link} to={rosterPath} c="dark.9" underline="always" fw={700}>
                園児一覧を見る
              </Anchor>
              <Button variant="default" onClick={() => void chooseFile(null)}>
                別のファイルを取り込む
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Paper component="section" aria-labelledby="csv-file-title" withBorder p="md" style={readableErrors}>
          <Stack gap="md">
            <Title order={2} size="h4" id="csv-file-title">
              ファイルを選ぶ
            </Title>
            <FileInput
              label="CSVファイル"
              placeholder="クリックしてファイルを選択"
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => void chooseFile(chosen)}
              clearable
              clearButtonProps={{ 'aria-label': 'ファイルの選択を消す' }}
              error={fileError}
              maw={480}
            />
            <FormError error={preview.error ?? importing.error} />
            {preview.isPending && <Text role="status">ファイルを確認しています...</Text>}
            {result && (
              <Stack gap="sm">
                <Group gap="lg">
                  <Text data-testid="import-encoding">文字コード: {encodingLabels[result.encoding]}</Text>
                  <Text>{result.rows.length}行</Text>
                </Group>
                {result.valid ? (
                  <Alert color="teal" variant="light" role="status" data-testid="import-summary">
                    すべての行を取り込めます（{result.rows.length}人）。内容を確認して「取り込む」を押してください。
                  </Alert>
                ) : (
                  <Alert color="red" variant="light" role="alert" data-testid="import-summary">
                    {result.rows.length}行のうち{badRows.length}
                    行にエラーがあります。CSVを修正して、もう一度ファイルを選んでください（まだ何も登録されていません）。
                  </Alert>
                )}
                {!result.valid && (
                  <Switch
                    label="エラーのある行だけ表示"
                    checked={onlyErrors}
                    onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
                    size="md"
                    styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                  />
                )}
                <ImportPreviewTable rows={onlyErrors ? badRows : result.rows} />
                <Group>
                  <Button
                    disabled={!result.valid || !content}
                    loading={importing.isPending}
                    onClick={() => content && importing.mutate(content)}
                  >
                    取り込む
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
