import { ActionIcon, Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';

export interface QuestionDraft {
  text: string;
  answer_format: 'single_choice' | 'multi_choice' | 'free_text';
  is_required: boolean;
  choices: string[];
}

const formats = [
  { value: 'single_choice', label: '単一選択' },
  { value: 'multi_choice', label: '複数選択' },
  { value: 'free_text', label: '自由記述' },
];

export const newQuestion = (): QuestionDraft => ({
  text: '',
  answer_format: 'single_choice',
  is_required: true,
  choices: ['', ''],
});

/** The questionnaire's questions: text, format, required or not, and the choices of a choice question. */
export function QuestionnaireBuilder({
  questions,
  onChange,
  locked,
}: {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** After release the questions no longer change (answers exist). */
  locked: boolean;
}) {
  const update = (i: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  return (
    <Stack gap="sm">
      {questions.map((q, i) => (
        <Fieldset key={i} legend={`質問${i + 1}`} disabled={locked}>
          <Stack gap="xs">
            <TextInput
              label="質問文"
              required
              size="md"
              value={q.text}
              onChange={(e) => update(i, { text: e.currentTarget.value })}
            />
            <Group gap="md" align="flex-end">
              <NativeSelect
                label="回答形式"
                size="md"
                data={formats}
                value={q.answer_format}
                onChange={(e) => update(i, { answer_format: e.currentTarget.value as QuestionDraft['answer_format'] })}
              />
              <Checkbox
                label="回答必須"
                size="md"
                checked={q.is_required}
                onChange={(e) => update(i, { is_required: e.currentTarget.checked })}
                mb={8}
              />
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                size="md"
                onClick={() => onChange(questions.filter((_, j) => j !== i))}
                aria-label={`質問${i + 1}を削除`}
              >
                質問を削除
              </Button>
            </Group>
            {q.answer_format !== 'free_text' && (
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  選択肢
                </Text>
                {q.choices.map((c, ci) => (
                  <Group key={ci} gap="xs" wrap="nowrap">
                    <TextInput
                      aria-label={`質問${i + 1}の選択肢${ci + 1}`}
                      size="md"
                      style={{ flex: 1 }}
                      value={c}
                      onChange={(e) => update(i, { choices: q.choices.map((x, k) => (k === ci ? e.currentTarget.value : x)) })}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`質問${i + 1}の選択肢${ci + 1}を削除`}
                      onClick={() => update(i, { choices: q.choices.filter((_, k) => k !== ci) })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                <Button variant="light" size="sm" w="fit-content" onClick={() => update(i, { choices: [...q.choices, ''] })}>
                  選択肢を追加
                </Button>
              </Stack>
            )}
          </Stack>
        </Fieldset>
      ))}
      {!locked && (
        <Button variant="light" size="md" w="fit-content" onClick={() => onChange([...questions, newQuestion()])}>
          質問を追加
        </Button>
      )}
    </Stack>
  );
}
