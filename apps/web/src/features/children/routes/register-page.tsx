import { Button, Container, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { guardianMessages, relationOptions } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { usePageTitle } from '../../../lib/page-title';
import { RUN_NATIVE_STATE } from '../../../lib/native';
import { useConstants, useCurrentUser } from '../../../lib/session';
import { useChildSession, useRegisterChild } from '../api';

/** Digits only, hyphens inserted: YYYY-MM-DD, 10 characters (A §5). */
export function maskBirth(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

/** children/register/{company}/{token}/*: "お子さま登録" (A §2). */
export function RegisterChildPage() {
  const { company = '', token = '' } = useParams();
  const user = useCurrentUser();
  usePageTitle('お子さま登録');
  return user ? <RegisterForm company={company} token={token} /> : <StartSession company={company} token={token} />;
}

/** Not logged in: a child session from token and company, then /receptions (history replaced). */
function StartSession({ company, token }: { company: string; token: string }) {
  const navigate = useNavigate();
  const session = useChildSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.mutate(
      { company: Number(company), token },
      {
        onSettled: (_data, error) => {
          if (error) showFailure(error);
          navigate('/receptions', { replace: true });
        },
      },
    );
  }, [company, token, navigate, session]);
  return <Loading />;
}

function RegisterForm({ company, token }: { company: string; token: string }) {
  const navigate = useNavigate();
  const constants = useConstants();
  const register = useRegisterChild();
  const [birth, setBirth] = useState('');
  const [type, setType] = useState<string | null>('0');
  const placeholder = `${new Date().getFullYear() - 1}-01-01`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { birth, type: Number(type ?? 0), token, company_id: Number(company) },
      {
        onSuccess: () => {
          showSuccess(guardianMessages.registered);
          navigate('/main', { state: RUN_NATIVE_STATE });
        },
        onError: (error) => showFailure(error),
      },
    );
  };

  return (
    <Container size="sm" px="md" py="lg">
      <form onSubmit={submit}>
        <Stack>
          <Title order={1} size="h3">
            お子さま登録
          </Title>
          <Text size="sm">
            施設からお知らせされたお子さまを登録します。確認のため、お子さまの生年月日と続柄を入力してください。
          </Text>
          <TextInput
            label="お子さまの生年月日"
            description="例：2024-04-01（数字のみ入力）"
            value={birth}
            onChange={(e) => setBirth(maskBirth(e.currentTarget.value))}
            placeholder={placeholder}
            inputMode="tel"
            type="tel"
            maxLength={10}
            autoComplete="off"
          />
          <Select
            label="お子さまとの続柄"
            data={relationOptions(constants.relation_types)}
            value={type}
            onChange={setType}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Button type="submit" loading={register.isPending} disabled={register.isPending}>
            登録する
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
