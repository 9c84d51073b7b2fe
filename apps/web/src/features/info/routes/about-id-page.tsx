import type { ReactNode } from 'react';
import { Accordion, Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { FooterLinks } from '../../../components/footer-links';

interface FaqItem {
  value: string;
  question: string;
  answer: ReactNode;
}

/** Internal route when the URL is a path, otherwise a new-tab external link. */
function OperatorLink({ url, children }: { url: string; children: ReactNode }) {
  if (url.startsWith('/')) {
    return (
      <Anchor component={Link} to={url} size="sm">
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {children}
    </Anchor>
  );
}

/** /migration/about-id: explains the provider's shared ID, its merits, services and FAQ. */
export function AboutIdPage() {
  const { id_service_name, company_name, app_name, id_registration_url, contact_form_url } = useOperator();
  const pageTitle = `${id_service_name}について`;
  usePageTitle(pageTitle);
  const navigate = useNavigate();

  const goBack = () => {
    if (window.history.length <= 1) {
      void navigate('/login');
    } else {
      void navigate(-1);
    }
  };

  const faqs: FaqItem[] = [
    {
      value: 'fee',
      question: `${id_service_name}の登録に料金はかかりますか？`,
      answer: <Text size="sm">{`${id_service_name}の登録は無料です。`}</Text>,
    },
    {
      value: 'old-id',
      question: 'これまで使っていた連絡帳のIDでログインできますか？',
      answer: (
        <Text size="sm">
          {`これまでの連絡帳サービス専用のIDは、ご利用いただけなくなりました。ログインの際は${id_service_name}をご利用ください。`}
        </Text>
      ),
    },
    {
      value: 'new-id',
      question: `${id_service_name}を新しく作成するにはどうすればよいですか？`,
      answer: (
        <Text size="sm">
          {`${id_service_name}の新規登録ページから、メールアドレスを登録して作成してください。登録したメールアドレスに届くメールの案内に沿って手続きを進めると、IDが作成されます。`}
          <br />
          <OperatorLink url={id_registration_url}>{`${id_service_name}の新規登録ページへ`}</OperatorLink>
        </Text>
      ),
    },
    {
      value: 'login-trouble',
      question: 'ログインできない場合はどうすればよいですか？',
      answer: (
        <Text size="sm">
          ログイン画面にエラーメッセージが表示された場合は、その内容に従って操作してください。メールアドレスやパスワードに入力誤りがないかもあわせてご確認ください。
        </Text>
      ),
    },
    {
      value: 'change',
      question: 'メールアドレスやパスワードを変更するにはどうすればよいですか？',
      answer: (
        <Text size="sm">
          <Anchor component={Link} to="/users/setting" size="sm">
            マイページ
          </Anchor>
          {`から変更できます。変更の操作を行うと${id_service_name}の画面に移動し、そこで変更した内容は、${id_service_name}と連携しているすべてのサービスに反映されます。`}
        </Text>
      ),
    },
    {
      value: 'forgot',
      question: 'パスワードを忘れてしまいました。',
      answer: (
        <Text size="sm">
          <Anchor component={Link} to="/password/forgot" size="sm">
            パスワード再設定
          </Anchor>
          の画面から、新しいパスワードを設定してください。
        </Text>
      ),
    },
    {
      value: 'contact',
      question: 'そのほかのお問い合わせはどこにすればよいですか？',
      answer: (
        <Text size="sm">
          <Anchor href={contact_form_url} target="_blank" rel="noopener noreferrer" size="sm">
            お問い合わせフォーム
          </Anchor>
          よりご連絡ください。内容を確認のうえ、担当者よりご返信いたします。
        </Text>
      ),
    },
  ];

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {pageTitle}
        </Title>
        <Text>
          {`${id_service_name}は、${company_name}が提供する複数のサービスで共通してご利用いただけるIDです。ひとつのメールアドレスとパスワードで、写真販売サービスと連絡帳サービス「${app_name}」の両方にログインできます。`}
        </Text>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            {`${id_service_name}に移行するメリット`}
          </Title>
          <List size="sm" spacing={4} withPadding>
            <List.Item>ひとつのIDで、複数のサービスをご利用いただけます。</List.Item>
            <List.Item>メールアドレスやパスワードの変更が一度で済み、連携しているすべてのサービスに反映されます。</List.Item>
            <List.Item>サービスごとにIDやパスワードを覚えておく必要がなくなります。</List.Item>
            <List.Item>ログイン情報をまとめて管理でき、より安全にご利用いただけます。</List.Item>
          </List>
        </Stack>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            {`${id_service_name}でご利用いただけるサービス`}
          </Title>
          <List size="sm" spacing={4} withPadding>
            <List.Item>写真販売サービス（施設で撮影された写真の閲覧・ご購入）</List.Item>
            <List.Item>{`連絡帳サービス「${app_name}」（連絡帳、お知らせ、出欠連絡など）`}</List.Item>
          </List>
        </Stack>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            よくあるご質問
          </Title>
          <Accordion variant="separated" order={3} chevronPosition="right">
            {faqs.map((faq) => (
              <Accordion.Item key={faq.value} value={faq.value}>
                <Accordion.Control>
                  <Text size="sm" fw={500} component="span">
                    {faq.question}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>{faq.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>

        <Button variant="default" fullWidth mt="md" onClick={goBack}>
          戻る
        </Button>

        <FooterLinks />
      </Stack>
    </Container>
  );
}
