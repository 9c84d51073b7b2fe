import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  QUESTIONNAIRE_FREE_TEXT_MAX,
  noticeTexts,
  type AnswerValue,
  type Question,
  type QuestionnaireRespondent,
} from '@renraku/contract/client';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fullDateTimeLabel } from '@renraku/contract/dates';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { showFailure, showSuccess } from '../../../components/alerts';
import { ApiRequestError } from '@renraku/ui/api';
import { useAnswerQuestionnaire, useQuestionnaireRespondent } from '../api';
import { NoticeText } from '../components/linkified-text';
import { useConstants } from '../../../lib/session';

const isId = (value: string | undefined) => !!value && /^[1-9]\d{0,9}$/.test(value);

/** /notices/:id/questionnaires/:questionnaireId/respondents/:childId */
export function QuestionnairePage() {
  const { id, questionnaireId, childId } = useParams();
  if (!isId(id) || !isId(questionnaireId) || !isId(childId)) return <NotFound />;
  return <Questionnaire noticeId={Number(id)} questionnaireId={Number(questionnaireId)} childId={Number(childId)} />;
}

function Questionnaire({ noticeId, questionnaireId, childId }: { noticeId: number; questionnaireId: number; childId: number }) {
  const navigate = useNavigate();
  const query = useQuestionnaireRespondent(noticeId, questionnaireId, childId);

  // Load failure: errors or message, then back to the list (F §8).
  useEffect(() => {
    if (query.error) {
      showFailure(query.error);
      navigate('/notices', { replace: true });
    }
  }, [query.error, navigate]);

  return (
    <Page title="アンケート回答">
      {/* The form takes its start values once, so it waits for this visit's answer rather than
          start from a cached one that predates the last submission. */}
      {query.data && query.isFetchedAfterMount ? (
        <AnswerForm data={query.data} noticeId={noticeId} childId={childId} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function RequiredBadge({ required }: { required: boolean }) {
  return (
    <Badge component="span" size="xs" color={required ? 'red.8' : 'gray.7'} variant={required ? 'filled' : 'outline'} ml={6}>
      {required ? '必須' : '任意'}
    </Badge>
  );
}

function AnswerForm({ data, noticeId, childId }: { data: QuestionnaireRespondent; noticeId: number; childId: number }) {
  const navigate = useNavigate();
  const threshold = useConstants().message_minimize_threshold_length;
  const { questionnaire } = data;
  const answer = useAnswerQuestionnaire(noticeId, questionnaire.id);
  const [values, setValues] = useState<Record<number, AnswerValue>>(() =>
    Object.fromEntries(questionnaire.questions.map((q) => [q.id, q.answer])),
  );
  const fieldErrors = answer.error instanceof ApiRequestError ? (answer.error.body.errors ?? {}) : {};
  const closed = questionnaire.isClosed;
  const disabled = closed || !questionnaire.canAnswer;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Required-ness is sent; the server checks it (F §5: no client check).
    const answers = questionnaire.questions.map((q) => {
      const value = values[q.id] ?? null;
      const empty = value === '' || (Array.isArray(value) && value.length === 0);
      return { questionId: q.id, text: empty ? null : value, isRequired: q.isRequired };
    });
    answer.mutate(
      { childId, answers },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          navigate('/notices');
        },
        onError: (error) => showFailure(error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {questionnaire.facilityName}・{fullDateTimeLabel(data.releasedAt)}
            </Text>
            <Title order={2} size="h4">
              {data.title}
            </Title>
            <NoticeText text={data.text} threshold={threshold} />
          </Stack>
        </Paper>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {data.child.last_name} {data.child.first_name}さんの回答
          </Text>
          {!closed &&
            (questionnaire.isAnswered ? (
              <Badge color="teal.9" variant="filled">
                回答済
              </Badge>
            ) : (
              <Badge color="brand.8" variant="filled">
                未回答
              </Badge>
            ))}
        </Group>
        {!closed && (
          <Text size="sm" c="dimmed">
            {questionnaire.isAnswered ? '回答済みです。締切までは回答を変更できます。' : 'アンケートへのご回答をお願いします。'}
            （締切：{fullDateTimeLabel(questionnaire.closeAt)}）
          </Text>
        )}
        {questionnaire.questions.map((q, i) => (
          <QuestionField
            key={q.id}
            index={i + 1}
            question={q}
            value={values[q.id] ?? null}
            disabled={disabled}
            error={fieldErrors[`questions.${q.id}`]?.join('\n')}
            onChange={(value) => setValues((v) => ({ ...v, [q.id]: value }))}
          />
        ))}
        {!closed &&
          (questionnaire.canAnswer ? (
            <Button type="submit" loading={answer.isPending}>
              回答する
            </Button>
          ) : (
            <Button disabled>{noticeTexts.noPermission}</Button>
          ))}
      </Stack>
    </form>
  );
}

interface FieldProps {
  index: number;
  question: Question;
  value: AnswerValue;
  disabled: boolean;
  error?: string;
  onChange: (value: AnswerValue) => void;
}

function QuestionField({ index, question, value, disabled, error, onChange }: FieldProps) {
  const label = (
    <>
      Q{index}. {question.text}
      <RequiredBadge required={question.isRequired} />
    </>
  );
  const choices = question.answerFormat.choices.map((c) => ({ value: String(c.id), label: c.text }));
  if (question.answerFormat.type === 'single_choice') {
    return (
      <Select
        label={label}
        placeholder="選択してください"
        data={choices}
        value={typeof value === 'number' ? String(value) : null}
        onChange={(v) => onChange(v === null ? null : Number(v))}
        clearable
        disabled={disabled}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (question.answerFormat.type === 'multi_choice') {
    const selected = Array.isArray(value) ? value.map(String) : [];
    return (
      <Checkbox.Group
        label={label}
        value={selected}
        onChange={(v) => onChange(v.length === 0 ? null : v.map(Number))}
        error={error}
      >
        <Stack gap={6} mt={6}>
          {choices.map((c) => (
            <Checkbox key={c.value} value={c.value} label={c.label} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <Textarea
      label={label}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={QUESTIONNAIRE_FREE_TEXT_MAX}
      autosize
      minRows={3}
      disabled={disabled}
      error={error}
      description={`${text.length}/${QUESTIONNAIRE_FREE_TEXT_MAX}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
