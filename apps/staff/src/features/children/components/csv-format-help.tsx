import { Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { childrenCsvColumns } from '@renraku/contract/staff';
import { downloadRosterTemplate } from '../csv-files';

/** The columns the roster CSV must have, the rules of each, and the template to download. */
export function CsvFormatHelp() {
  return (
    <Paper component="section" aria-labelledby="csv-format-title" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="csv-format-title">
          CSVの形式
        </Title>
        <Text size="sm">
          1行目は見出し、2行目から園児1人につき1行です。見出しには次の列をすべて入れてください（順番は自由です）。
        </Text>
        <Code block data-testid="csv-columns">
          {childrenCsvColumns.join(',')}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>せい・めい: ひらがな（カタカナはひらがなとして取り込みます）</List.Item>
          <List.Item>生年月日・入所日・退所日: 2024-04-01 または 2024/4/1</List.Item>
          <List.Item>性別: 「男」「女」または 1・2</List.Item>
          <List.Item>クラス: 今年度のクラス名（空欄なら未所属）</List.Item>
          <List.Item>退所日・アレルギー・配慮事項: 空欄でもかまいません</List.Item>
          <List.Item>文字コード: UTF-8 または Shift_JIS（Excelの「CSV（コンマ区切り）」）。1000人まで、700KBまで</List.Item>
        </List>
        <Group>
          <Button variant="default" onClick={downloadRosterTemplate}>
            テンプレートをダウンロード
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
